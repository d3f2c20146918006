import type { GatewayWithSecret } from '@jiema/shared';
import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GatewayHowto, webhookUrlOf } from './gateway-howto';

/** The secret of a new or regenerated gateway: shown here once, never listed again. */
export function GatewaySecretModal({
  gateway,
  onClose,
}: {
  gateway: GatewayWithSecret | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={gateway !== null}
      title={t('gateways.secretTitle', { name: gateway?.name ?? '' })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('gateways.secretSaved')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
      data-testid="gateway-secret-modal"
    >
      {gateway && (
        <>
          <Alert type="warning" showIcon message={t('gateways.secretOnce')} style={{ marginBottom: 12 }} />
          <Typography.Paragraph>
            <Typography.Text strong>{t('gateways.secret')}: </Typography.Text>
            <Typography.Text code copyable data-testid="gateway-secret">
              {gateway.secret}
            </Typography.Text>
          </Typography.Paragraph>
          <GatewayHowto kind={gateway.kind} url={webhookUrlOf(gateway.webhookPath)} secret={gateway.secret} />
        </>
      )}
    </Modal>
  );
}
