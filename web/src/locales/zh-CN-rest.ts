import { restOf } from './rest-bundle';

/** Every area of the language but the sign-in pages' (`zh-CN.ts`), loaded before any other page. */
export default restOf(
  'zh-CN',
  import.meta.glob<Record<string, unknown>>(
    ['./zh-CN/*.json', '!./zh-CN/auth.json', '!./zh-CN/common.json', '!./zh-CN/http.json'],
    { eager: true, import: 'default' },
  ),
);
