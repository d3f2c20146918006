import { bundleOf } from './bundle';

export default bundleOf(
  'en-US',
  import.meta.glob<Record<string, unknown>>('./en-US/*.json', { eager: true, import: 'default' }),
);
