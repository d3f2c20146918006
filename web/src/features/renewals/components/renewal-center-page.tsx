import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { RenewPanel } from './renew-panel';
import { RenewalRecords } from './renewal-records';

/** Spec §2 renew-record (renewal center): renew day rentals, and the caller's renewal records below. */
export default function RenewalCenterPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <RenewPanel />
      <RenewalRecords scope="own" title={t('renewals.recordsTitle')} />
    </Flex>
  );
}
