import type { OrderStatus } from '@jiema/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderStatus, string> = {
  pending: 'processing',
  completed: 'success',
  cancelled: 'default',
};

/** Spec §4 order statuses, translated. */
export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-testid={`order-status-${status}`}>
      {t(`orders.status.${status}`)}
    </Tag>
  );
}
