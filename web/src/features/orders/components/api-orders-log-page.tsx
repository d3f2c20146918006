import { useTranslation } from 'react-i18next';
import { OrdersPage } from './orders-page';

/** Admin log of API orders: every order, day rentals first (any kind can be shown). */
export default function ApiOrdersLogPage() {
  const { t } = useTranslation();
  return <OrdersPage scope="admin" title={t('orders.admin.apiTitle')} defaultKind="rental" />;
}
