import { areasOf } from './bundle';

/** Every area of the language but the sign-in pages' (`en-US.ts`), loaded before any other page. */
export default areasOf(
  import.meta.glob<Record<string, unknown>>(
    ['./en-US/*.json', '!./en-US/auth.json', '!./en-US/common.json', '!./en-US/http.json'],
    { eager: true, import: 'default' },
  ),
);
