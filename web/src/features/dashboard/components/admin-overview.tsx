import type { AdminOverview, GatewayHealth, StockByCountry } from '@jiema/shared';
import { Badge, Card, Col, Row, Statistic, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';

/** A gateway not heard from for this long is shown as silent. */
const SILENT_AFTER_MINUTES = 60;

/** What administrators see on the home page: today's business, the stock by country, the gateways. */
export function AdminOverviewSection({ data }: { data: AdminOverview }) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  const stockColumns: TableColumnsType<StockByCountry> = [
    {
      title: t('dashboard.country'),
      key: 'name',
      render: (_, r) => `${english ? r.nameEn : r.nameZh} (${r.countryCode})`,
      ellipsis: true,
    },
    { title: t('dashboard.available'), dataIndex: 'available', align: 'right', width: 90 },
    { title: t('dashboard.inUse'), dataIndex: 'inUse', align: 'right', width: 90 },
    { title: t('dashboard.total'), dataIndex: 'total', align: 'right', width: 90 },
  ];
  const gatewayState = (g: GatewayHealth) => {
    if (!g.enabled) return <Badge status="default" text={t('dashboard.gatewayDisabled')} />;
    const silent = !g.lastSeenAt || dayjs().diff(dayjs(g.lastSeenAt), 'minute') > SILENT_AFTER_MINUTES;
    return silent ? (
      <Badge status="warning" text={t('dashboard.gatewaySilent')} />
    ) : (
      <Badge status="success" text={t('dashboard.gatewayOk')} />
    );
  };
  const gatewayColumns: TableColumnsType<GatewayHealth> = [
    {
      title: t('dashboard.gateway'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, g) => `${name} · ${g.kind}`,
    },
    { title: t('dashboard.gatewayState'), key: 'state', width: 120, render: (_, g) => gatewayState(g) },
    {
      title: t('dashboard.lastSeen'),
      dataIndex: 'lastSeenAt',
      width: 140,
      render: (v: string | null) => (v ? dayjs(v).format('MM-DD HH:mm:ss') : '-'),
    },
    { title: t('dashboard.receivedToday'), dataIndex: 'receivedToday', align: 'right', width: 100 },
    { title: t('dashboard.rejectedToday'), dataIndex: 'rejectedToday', align: 'right', width: 100 },
  ];
  return (
    <Row gutter={[16, 16]} data-testid="admin-overview">
      <Col xs={24} md={8}>
        <Card>
          <Statistic
            title={t('dashboard.revenueToday')}
            value={data.revenueToday}
            suffix="USDT"
            data-testid="overview-revenue"
          />
        </Card>
      </Col>
      <Col xs={12} md={8}>
        <Card>
          <Statistic title={t('dashboard.ordersToday')} value={data.ordersToday} />
        </Card>
      </Col>
      <Col xs={12} md={8}>
        <Card>
          <Statistic title={t('dashboard.smsToday')} value={data.smsToday} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.stockByCountry')} size="small">
          <DataTable
            rowKey="countryCode"
            size="small"
            columns={stockColumns}
            dataSource={data.stock}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            data-testid="overview-stock"
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.gatewayHealth')} size="small">
          <DataTable
            rowKey="id"
            size="small"
            columns={gatewayColumns}
            dataSource={data.gateways}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            data-testid="overview-gateways"
          />
        </Card>
      </Col>
    </Row>
  );
}
