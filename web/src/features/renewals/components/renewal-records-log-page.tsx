import { useTranslation } from 'react-i18next';
import { RenewalRecords } from './renewal-records';

/** Admin log of renewal records: every user's renewals, filterable by username, exportable as CSV. */
export default function RenewalRecordsLogPage() {
  const { t } = useTranslation();
  return <RenewalRecords scope="admin" title={t('renewals.admin.title')} />;
}
