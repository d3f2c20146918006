import { Space } from 'antd';
import { PriceRulesCard } from './price-rules-card';
import { ValidityOptionsCard } from './validity-options-card';

/** Admin "API options": the validity options on sale and the price rules (with bulk edit). */
export default function ApiOptionsManagePage() {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="api-options-manage">
      <ValidityOptionsCard />
      <PriceRulesCard />
    </Space>
  );
}
