import { restOf } from './rest-bundle';

/** Every area of the language but the sign-in pages' (`en-US.ts`), loaded before any other page. */
export default restOf(
  'en-US',
  import.meta.glob<Record<string, unknown>>(
    ['./en-US/*.json', '!./en-US/auth.json', '!./en-US/common.json', '!./en-US/http.json'],
    { eager: true, import: 'default' },
  ),
);
