import { useTranslation } from 'react-i18next';
import { OrdersPage } from './orders-page';

/**
 * Admin log of SMS orders (spec §4: pending, completed, cancelled; complete or cancel after a
 * confirmation): every order, activations (sold per SMS) first.
 */
export default function SmsOrdersLogPage() {
  const { t } = useTranslation();
  return <OrdersPage scope="admin" title={t('orders.admin.smsTitle')} defaultKind="activation" />;
}
