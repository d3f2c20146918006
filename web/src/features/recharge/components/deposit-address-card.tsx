import type { RechargeInfo } from '@jiema/shared';
import { Alert, Card, Flex, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyField } from './copy-field';

/** The user's own deposit address: QR code, copy, and the rules of what to send to it. */
export function DepositAddressCard({ info, address }: { info: RechargeInfo; address: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('recharge.addressTitle')} data-testid="recharge-address-card">
      <Flex gap={24} wrap align="center">
        <QRCode value={address} size={168} bordered data-testid="recharge-qr" />
        <Flex vertical gap={12} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography.Text type="secondary">{t('recharge.addressHint')}</Typography.Text>
          <CopyField value={address} testId="recharge-address" />
          <Typography.Text data-testid="recharge-min">
            {t('recharge.minimum', { min: info.minAmount })}
          </Typography.Text>
        </Flex>
      </Flex>
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: 16 }}
        message={t('recharge.trc20Only')}
        // The contract is one long word: let it wrap on a phone.
        description={
          <span style={{ overflowWrap: 'anywhere' }}>
            {t('recharge.trc20OnlyDetail', { contract: info.contract })}
          </span>
        }
        data-testid="recharge-warning"
      />
    </Card>
  );
}
