import { bundleOf } from './bundle';

/** The sign-in pages' areas of the language (auth, common, http); `en-US-rest.ts` has the rest. */
export default bundleOf(
  'en-US',
  import.meta.glob<Record<string, unknown>>(
    ['./en-US/auth.json', './en-US/common.json', './en-US/http.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
);
