import { Alert, Card, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';

type Protocol = 'smsActivate' | 'fiveSim';

/** The calls each protocol answers: what a client sends (not translated: protocol names). */
const ACTIONS: Record<Protocol, { call: string; key: string }[]> = {
  smsActivate: [
    { call: 'getBalance, getBalanceAndCashBack', key: 'balance' },
    { call: 'getNumber, getNumberV2 (orderId)', key: 'getNumber' },
    { call: 'setStatus (1, 3, 6, 8, -1)', key: 'setStatus' },
    { call: 'getStatus, getStatusV2, getFullSms', key: 'getStatus' },
    { call: 'getActiveActivations, getListOfActiveActivations, getHistory', key: 'lists' },
    {
      call: 'getPrices, getPricesExtended, getPricesVerification, getNumbersStatus, getTopCountriesByService(Rank)',
      key: 'prices',
    },
    { call: 'getCountries, getServicesList, getOperators', key: 'countries' },
    {
      call: 'getMultiServiceNumber, getAdditionalService, getExtraActivation, checkExtraActivation, getIncomingCallStatus, parseCall, getQiwiRequisites',
      key: 'notSold',
    },
    { call: 'getRentServicesAndCountries, getRentNumber (time / rent_time)', key: 'rent' },
    { call: 'getRentStatus, setRentStatus, getRentList, continueRentNumber', key: 'rentManage' },
  ],
  fiveSim: [
    {
      call: 'GET /v1/guest/countries, /v1/guest/products/{country}/{operator}, /v1/guest/prices',
      key: 'guest',
    },
    { call: 'GET /v1/user/profile, /v1/user/orders, /v1/user/payments', key: 'profile' },
    { call: 'GET /v1/user/buy/activation/{country}/{operator}/{product}', key: 'buy' },
    {
      call: 'GET /v1/user/buy/hosting/{country}/{operator}/{product}, /v1/user/reuse/{product}/{number}',
      key: 'hosting',
    },
    { call: 'GET /v1/user/check|finish|cancel|ban/{id}, /v1/user/sms/inbox/{id}', key: 'manage' },
    { call: 'GET|POST|DELETE /v1/user/max-prices', key: 'maxPrices' },
  ],
};

const DIFFERENCES: Record<Protocol, string[]> = {
  smsActivate: ['usd', 'newCards', 'times', 'finish', 'rent', 'notOffered', 'rateLimit', 'webhook'],
  fiveSim: ['token', 'usd', 'received', 'hosting', 'lock', 'notOffered', 'rateLimit'],
};

const BASES: Record<Protocol, { path: string; example: string }> = {
  smsActivate: { path: '/stubs/handler_api.php', example: '?api_key=YOUR_KEY&action=getBalance' },
  fiveSim: { path: '/v1', example: '/user/profile  (Authorization: Bearer YOUR_KEY)' },
};

/** How to move an existing sms-activate or 5sim client here: the base URL, what answers, what differs. */
export function CompatDocsPage({ protocol }: { protocol: Protocol }) {
  const { t } = useTranslation();
  const p = `compat.docs.${protocol}`;
  const base = `${window.location.origin}${BASES[protocol].path}`;
  return (
    <div
      style={{ maxWidth: 1120, margin: '0 auto', padding: '48px 16px' }}
      data-testid={`compat-docs-${protocol}`}
    >
      <Typography.Title>{t(`${p}.title`)}</Typography.Title>
      <Typography.Paragraph>
        <Link to="/docs">{t('compat.docs.back')}</Link>
      </Typography.Paragraph>
      <Card title={t('compat.docs.switchTitle')} style={{ marginBottom: 16 }}>
        <Typography.Paragraph>{t(`${p}.switch`)}</Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: base }}>
          <Typography.Text code data-testid="compat-base-url" style={{ wordBreak: 'break-all' }}>
            {base}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {`${base}${BASES[protocol].example}`}
          </Typography.Text>
        </Typography.Paragraph>
        <Alert type="info" showIcon message={t(`${p}.key`)} />
      </Card>
      <Card title={t('compat.docs.actionsTitle')} style={{ marginBottom: 16 }}>
        <DataTable
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={ACTIONS[protocol]}
          columns={[
            {
              title: t('compat.docs.call'),
              dataIndex: 'call',
              width: '45%',
              render: (call: string) => <Typography.Text code>{call}</Typography.Text>,
            },
            {
              title: t('compat.docs.what'),
              dataIndex: 'key',
              render: (key: string) => t(`${p}.actions.${key}`),
            },
          ]}
        />
      </Card>
      <Card title={t('compat.docs.differsTitle')}>
        <List
          dataSource={DIFFERENCES[protocol]}
          renderItem={(key) => (
            <List.Item>
              <Space align="start">
                <Tag color="gold">{t('compat.docs.differs')}</Tag>
                <span>{t(`${p}.differs.${key}`)}</span>
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}

export function SmsActivateDocsPage() {
  return <CompatDocsPage protocol="smsActivate" />;
}
export function FiveSimDocsPage() {
  return <CompatDocsPage protocol="fiveSim" />;
}
