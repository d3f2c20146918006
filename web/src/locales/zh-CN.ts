import { bundleOf } from './bundle';

export default bundleOf(
  'zh-CN',
  import.meta.glob<Record<string, unknown>>('./zh-CN/*.json', { eager: true, import: 'default' }),
);
