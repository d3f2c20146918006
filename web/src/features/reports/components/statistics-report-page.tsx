import { DownloadOutlined } from '@ant-design/icons';
import type { SuccessRate } from '@jiema/shared';
import { App, Button, Card, Space, type TableColumnsType, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/charts/echart';
import { DataTable } from '../../../components/data-table';
import { ReportPeriodPicker, useReportPeriod } from '../../../components/report-period';
import { exportStatistics, useStatisticsReport } from '../api/get-reports';
import { Figures, percent, shortDay } from './report-parts';

/** Spec §2 statistics-report: the business over a chosen period, charts and CSV export. */
export default function StatisticsReportPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [period, setPeriod] = useReportPeriod();
  const report = useStatisticsReport(period);
  const [exporting, setExporting] = useState(false);
  const data = report.data;
  const english = i18n.language === 'en-US';

  const moneyChart = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('reports.revenue'), t('reports.refunds')] },
        grid: { left: 48, right: 16, top: 40, bottom: 28 },
        xAxis: { type: 'category', data: data.days.map((d) => shortDay(d.day)) },
        yAxis: { type: 'value' },
        series: [
          { name: t('reports.revenue'), type: 'bar', data: data.days.map((d) => Number(d.revenue)) },
          { name: t('reports.refunds'), type: 'bar', data: data.days.map((d) => Number(d.refunds)) },
        ],
      },
    [data, t],
  );
  const countChart = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('reports.orders'), t('reports.sms')] },
        grid: { left: 48, right: 16, top: 40, bottom: 28 },
        xAxis: { type: 'category', data: data.days.map((d) => shortDay(d.day)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('reports.orders'), type: 'line', smooth: true, data: data.days.map((d) => d.orders) },
          { name: t('reports.sms'), type: 'line', smooth: true, data: data.days.map((d) => d.sms) },
        ],
      },
    [data, t],
  );

  const rateColumns: TableColumnsType<SuccessRate> = [
    {
      title: t('reports.name'),
      key: 'name',
      render: (_, r) => (english ? r.nameEn : r.nameZh),
      ellipsis: true,
    },
    { title: t('reports.rentals'), dataIndex: 'rentals', align: 'right', width: 90 },
    { title: t('reports.withCode'), dataIndex: 'withCode', align: 'right', width: 100 },
    { title: t('reports.successRate'), dataIndex: 'rate', align: 'right', width: 100, render: percent },
  ];
  const rateTab = (key: string, list: SuccessRate[] | undefined) => ({
    key,
    label: t(`reports.by.${key}`),
    children: (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {list && list.length > 0 && (
          <EChart
            height={220}
            testId={`rate-chart-${key}`}
            option={{
              tooltip: { trigger: 'axis' },
              grid: { left: 40, right: 16, top: 16, bottom: 48 },
              xAxis: {
                type: 'category',
                data: list.slice(0, 10).map((r) => (english ? r.nameEn : r.nameZh)),
                axisLabel: { rotate: 30, width: 80, overflow: 'truncate' },
              },
              yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
              series: [
                {
                  name: t('reports.successRate'),
                  type: 'bar',
                  data: list.slice(0, 10).map((r) => Math.round(r.rate * 1000) / 10),
                },
              ],
            }}
          />
        )}
        <DataTable
          rowKey="key"
          size="small"
          columns={rateColumns}
          dataSource={list}
          loading={report.isFetching}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          data-testid={`rates-${key}`}
        />
      </Space>
    ),
  });

  const download = async () => {
    setExporting(true);
    try {
      await exportStatistics(period);
    } catch {
      message.error(t('reports.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="statistics-report">
      <Card
        title={t('menu.statisticsReport')}
        extra={
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void download()}
            loading={exporting}
            data-testid="statistics-export"
          >
            {t('reports.exportCsv')}
          </Button>
        }
      >
        <ReportPeriodPicker value={period} onChange={setPeriod} />
      </Card>
      <Figures
        items={[
          { key: 'revenue', title: t('reports.revenue'), value: `${data?.totals.revenue ?? '-'} USDT` },
          { key: 'refunds', title: t('reports.refunds'), value: `${data?.totals.refunds ?? '-'} USDT` },
          { key: 'net', title: t('reports.net'), value: `${data?.totals.net ?? '-'} USDT` },
          { key: 'orders', title: t('reports.orders'), value: data?.totals.orders ?? '-' },
          { key: 'sms', title: t('reports.sms'), value: data?.totals.sms ?? '-' },
          { key: 'rate', title: t('reports.successRate'), value: data ? percent(data.totals.rate) : '-' },
        ]}
      />
      <Card title={t('reports.moneyByDay')} size="small">
        {moneyChart && <EChart option={moneyChart} testId="chart-money" />}
      </Card>
      <Card title={t('reports.countsByDay')} size="small">
        {countChart && <EChart option={countChart} testId="chart-counts" />}
      </Card>
      <Card title={t('reports.successByDimension')} size="small">
        <Tabs
          items={[
            rateTab('application', data?.byApplication),
            rateTab('country', data?.byCountry),
            rateTab('operator', data?.byOperator),
          ]}
        />
      </Card>
    </Space>
  );
}
