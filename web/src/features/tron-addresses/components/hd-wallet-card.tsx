import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHdWallet } from '../api/get-hd-wallet';

/**
 * Where new customers' deposit addresses come from, and the promise that matters to the operator:
 * the server holds no private key, so sweeping is done in their own wallet.
 */
export function HdWalletCard() {
  const { t } = useTranslation();
  const info = useHdWallet().data;
  if (!info) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="hd-wallet"
      message={info.configured ? t('tron.hd.configured') : t('tron.hd.pool')}
      description={
        <>
          {info.configured && (
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              {t('tron.hd.derived', { n: info.derivedCount, path: info.pathPattern ?? '' })}
            </Typography.Paragraph>
          )}
          <Typography.Text strong data-testid="no-private-key">
            {t('tron.hd.noPrivateKey')}
          </Typography.Text>
        </>
      }
    />
  );
}
