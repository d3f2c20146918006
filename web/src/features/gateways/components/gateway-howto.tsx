import type { GatewayKind } from '@jiema/shared';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The full webhook URL of a gateway, on this server's origin. */
export const webhookUrlOf = (path: string) => `${window.location.origin}${path}`;

/** Setup steps per kind, with the gateway's own URL filled in (the secret stays a placeholder once hidden). */
export function GatewayHowto({ kind, url, secret }: { kind: GatewayKind; url: string; secret?: string }) {
  const { t } = useTranslation();
  const shownSecret = secret ?? t('gateways.secretPlaceholder');
  const steps = t(`gateways.howto.${kind}`, { url, secret: shownSecret, returnObjects: true }) as string[];
  return (
    <div data-testid={`gateway-howto-${kind}`}>
      <Typography.Paragraph>
        <Typography.Text strong>{t('gateways.webhookUrl')}: </Typography.Text>
        <Typography.Text copyable={{ text: url }} code data-testid="gateway-webhook-url">
          {url}
        </Typography.Text>
      </Typography.Paragraph>
      <ol style={{ paddingInlineStart: 20 }}>
        {(Array.isArray(steps) ? steps : []).map((step) => (
          <li key={step} style={{ marginBottom: 6, overflowWrap: 'anywhere' }}>
            {step}
          </li>
        ))}
      </ol>
      {kind === 'generic' && <Alert type="info" showIcon message={t('gateways.genericDocs')} />}
    </div>
  );
}
