import type { TopSpender } from '@jiema/shared';
import { Card, Col, Row, Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/charts/echart';
import { DataTable } from '../../../components/data-table';
import { ReportPeriodPicker, useReportPeriod } from '../../../components/report-period';
import { useRegistrationAnalysis } from '../api/get-reports';
import { LocationChart } from './location-chart';
import { Figures, shortDay } from './report-parts';

/** Spec §2 registration-analysis: sign-ups per day, by source and location, top 20 users by spend. */
export default function RegistrationAnalysisPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useReportPeriod();
  const report = useRegistrationAnalysis(period);
  const data = report.data;

  const dayChart = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, top: 16, bottom: 28 },
        xAxis: { type: 'category', data: data.days.map((d) => shortDay(d.day)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          {
            name: t('reports.registrations'),
            type: 'line',
            smooth: true,
            areaStyle: {},
            data: data.days.map((d) => d.count),
          },
        ],
      },
    [data, t],
  );
  const sourceChart = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['40%', '65%'],
            center: ['50%', '45%'],
            data: data.sources.map((s) => ({ name: t(`reports.source.${s.source}`), value: s.count })),
          },
        ],
      },
    [data, t],
  );

  const columns: TableColumnsType<TopSpender> = [
    { title: '#', key: 'rank', width: 48, render: (_, __, i) => i + 1 },
    { title: t('reports.username'), dataIndex: 'username', ellipsis: true },
    {
      title: t('reports.spent'),
      dataIndex: 'spent',
      align: 'right',
      width: 130,
      render: (v: string) => `${v} USDT`,
    },
    { title: t('reports.orders'), dataIndex: 'orders', align: 'right', width: 80 },
    {
      title: t('reports.registeredAt'),
      dataIndex: 'registeredAt',
      width: 120,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD'),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="registration-analysis">
      <Card title={t('menu.registrationAnalysis')}>
        <ReportPeriodPicker value={period} onChange={setPeriod} />
      </Card>
      <Figures
        items={[
          { key: 'total', title: t('reports.registrations'), value: data?.total ?? '-' },
          ...(data?.sources ?? []).map((s) => ({
            key: s.source,
            title: t(`reports.source.${s.source}`),
            value: s.count,
          })),
        ]}
      />
      <Card title={t('reports.registrationsByDay')} size="small">
        {dayChart && <EChart option={dayChart} testId="chart-registrations" />}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('reports.bySource')} size="small">
            {sourceChart && <EChart option={sourceChart} height={260} testId="chart-sources" />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('reports.topLocations')} size="small">
            {data && <LocationChart locations={data.locations} testId="chart-registration-locations" />}
          </Card>
        </Col>
      </Row>
      <Card title={t('reports.topSpenders')} size="small">
        <DataTable
          rowKey="userId"
          size="small"
          columns={columns}
          dataSource={data?.topSpenders}
          loading={report.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="top-spenders"
        />
      </Card>
    </Space>
  );
}
