import type { OrderDetail } from '@jiema/shared';
import { Alert, Card, Col, Empty, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DemoTag } from '../../../components/demo-tag';
import { useSession } from '../../../lib/session-store';
import { useAvailability } from '../api/get-availability';
import { ApplicationPicker } from './application-picker';
import { CountryTable } from './country-table';
import { OrderPanel } from './order-panel';
import { PurchaseResult } from './purchase-result';
import { countryOf, type StoreChoice } from './store-choices';

const FIRST_CHOICE: StoreChoice = { cardType: 'new', quantity: 1, smsType: 'text' };

/**
 * Spec §2 api-store: pick the application, then the country (live stock and prices), operator,
 * card type, validity and quantity; the unit price and the total show before buying. The
 * application and country are kept in the URL.
 */
export default function ApiStorePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const applicationId = Number(params.get('app')) || undefined;
  const countryCode = params.get('country') ?? undefined;
  const availability = useAvailability(applicationId);
  const [choice, setChoice] = useState<StoreChoice>(FIRST_CHOICE);
  const [bought, setBought] = useState<OrderDetail | null>(null);
  const country = countryOf(availability.data, countryCode);
  // DEMO=on: the demo customer sees and buys demo numbers only, at the catalog's prices.
  const demo = useSession().user?.demo === true || availability.data?.demo === true;

  // A validity is chosen as soon as the options are known (the first one on sale).
  const firstValidity = availability.data?.validityOptions[0]?.id;
  useEffect(() => {
    if (choice.validityOptionId === undefined && firstValidity !== undefined) {
      setChoice((c) => ({ ...c, validityOptionId: firstValidity }));
    }
  }, [choice.validityOptionId, firstValidity]);

  const select = (next: { app?: number; country?: string }) => {
    const search = new URLSearchParams();
    const app = next.app ?? applicationId;
    if (app) search.set('app', String(app));
    const code = 'app' in next && next.app !== applicationId ? undefined : (next.country ?? countryCode);
    if (code) search.set('country', code);
    setParams(search);
    setChoice((c) => ({ ...c, operatorId: undefined, prefix: undefined }));
  };

  return (
    <Card title={t('store.title')}>
      <Typography.Paragraph type="secondary">{t('store.hint')}</Typography.Paragraph>
      {demo && (
        <Alert
          type="info"
          showIcon
          icon={<DemoTag testId="store-demo-tag" />}
          message={t('store.demoBanner')}
          style={{ marginBottom: 16 }}
          data-testid="store-demo-banner"
        />
      )}
      <Typography.Title level={5}>{t('store.step1')}</Typography.Title>
      <ApplicationPicker value={applicationId} onChange={(app) => select({ app })} />
      {applicationId !== undefined && (
        <Row gutter={[24, 24]} style={{ marginTop: 24 }}>
          <Col xs={24} xl={13}>
            <Typography.Title level={5}>{t('store.step2')}</Typography.Title>
            {availability.isError ? (
              // Spec §8: failure to get the country list.
              <Alert
                type="error"
                showIcon
                message={t('store.countriesFailed')}
                data-testid="store-countries-failed"
              />
            ) : (
              <CountryTable
                countries={availability.data?.countries ?? []}
                demo={availability.data?.demo === true}
                loading={availability.isLoading}
                value={countryCode}
                choice={choice}
                onChange={(code) => select({ country: code })}
              />
            )}
          </Col>
          <Col xs={24} xl={11}>
            <Typography.Title level={5}>{t('store.step3')}</Typography.Title>
            <Card size="small" styles={{ body: { padding: 16 } }}>
              {availability.data ? (
                <OrderPanel
                  applicationId={applicationId}
                  availability={availability.data}
                  country={country}
                  choice={choice}
                  onChoiceChange={setChoice}
                  onBought={setBought}
                />
              ) : (
                <Empty description={t('store.chooseCountry')} />
              )}
            </Card>
          </Col>
        </Row>
      )}
      <PurchaseResult order={bought} onClose={() => setBought(null)} />
    </Card>
  );
}
