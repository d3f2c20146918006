import { bundleOf } from './bundle';

/** The sign-in pages' areas of the language (auth, common, http); `zh-CN-rest.ts` has the rest. */
export default bundleOf(
  'zh-CN',
  import.meta.glob<Record<string, unknown>>(
    ['./zh-CN/auth.json', './zh-CN/common.json', './zh-CN/http.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
);
