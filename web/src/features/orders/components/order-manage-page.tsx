import { useTranslation } from 'react-i18next';
import { OrdersPage } from './orders-page';

/** Spec §2 order-manage: the buyer's own SMS/API orders. */
export default function OrderManagePage() {
  const { t } = useTranslation();
  return <OrdersPage scope="own" title={t('orders.title')} />;
}
