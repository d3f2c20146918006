import type { UpstreamProviderState } from '@jiema/shared';
import { Descriptions, Modal, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { useProviderState } from '../api/providers';

type Rate = UpstreamProviderState['successRates'][number];
type Recent = {
  id: number;
  upstreamId: string | null;
  phoneNumber: string | null;
  state: string;
  outcome: string | null;
  costUsdt: string | null;
  price: string | null;
  orderId: number | null;
  createdAt: string;
};

/** A provider's money (cost, refunds, revenue, margin), success per (application, country), recent activations. */
export function StateModal({ providerId, onClose }: { providerId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const state = useProviderState(providerId);
  const rates: TableColumnsType<Rate> = [
    { title: t('upstream.state.application'), dataIndex: 'applicationCode' },
    { title: t('upstream.state.country'), dataIndex: 'countryCode' },
    {
      title: t('upstream.state.lastHour'),
      key: 'hour',
      render: (_, r) =>
        r.rateLastHour === null
          ? '—'
          : t('upstream.state.rateOf', { rate: Math.round(r.rateLastHour * 100), ended: r.endedLastHour }),
    },
    {
      title: t('upstream.state.lastDay'),
      key: 'day',
      render: (_, r) => t('upstream.state.rateOf', { rate: Math.round(r.rate * 100), ended: r.ended }),
    },
  ];
  const recent: TableColumnsType<Recent> = [
    { title: t('upstream.state.upstreamId'), dataIndex: 'upstreamId' },
    { title: t('upstream.state.phone'), dataIndex: 'phoneNumber' },
    {
      title: t('upstream.state.status'),
      key: 'status',
      render: (_, r) => <Tag>{t(`upstream.states.${r.outcome ?? r.state}`)}</Tag>,
    },
    { title: t('upstream.state.cost'), dataIndex: 'costUsdt' },
    { title: t('upstream.state.price'), dataIndex: 'price' },
    { title: t('upstream.state.order'), dataIndex: 'orderId' },
  ];
  const data = state.data;
  return (
    <Modal
      open={providerId !== null}
      title={t('upstream.stateTitle')}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
    >
      {data && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} data-testid="provider-costs">
            <Descriptions.Item label={t('upstream.state.paid')}>{data.costs.paid}</Descriptions.Item>
            <Descriptions.Item label={t('upstream.state.refunded')}>{data.costs.refunded}</Descriptions.Item>
            <Descriptions.Item label={t('upstream.state.revenue')}>{data.costs.revenue}</Descriptions.Item>
            <Descriptions.Item label={t('upstream.state.margin')}>{data.costs.margin}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('upstream.state.successTitle')}</Typography.Title>
          <DataTable<Rate>
            rowKey={(r) => `${r.applicationId}|${r.countryCode}`}
            size="small"
            columns={rates}
            dataSource={data.successRates}
            pagination={false}
            data-testid="provider-success-rates"
          />
          <Typography.Title level={5}>{t('upstream.state.recentTitle')}</Typography.Title>
          <DataTable<Recent>
            rowKey="id"
            size="small"
            columns={recent}
            dataSource={data.recent}
            pagination={{ pageSize: 10 }}
          />
        </>
      )}
    </Modal>
  );
}
