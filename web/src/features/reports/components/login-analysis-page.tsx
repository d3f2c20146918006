import type { ActiveUser, SuspiciousPattern } from '@jiema/shared';
import { Card, Col, Row, Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/charts/echart';
import { DataTable } from '../../../components/data-table';
import { countryName, ReportPeriodPicker, useReportPeriod } from '../../../components/report-period';
import { useLoginAnalysis } from '../api/get-reports';
import { LocationChart } from './location-chart';
import { Figures, shortDay } from './report-parts';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** Spec §2 login-analysis, §9: logins per day over a chosen period, top 10 locations and users, suspicious patterns. */
export default function LoginAnalysisPage() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useReportPeriod();
  const report = useLoginAnalysis(period);
  const data = report.data;

  const dayChart = useMemo(
    () =>
      data && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('reports.loginSuccess'), t('reports.loginFailure')] },
        grid: { left: 40, right: 16, top: 40, bottom: 28 },
        xAxis: { type: 'category', data: data.days.map((d) => shortDay(d.day)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          {
            name: t('reports.loginSuccess'),
            type: 'bar',
            stack: 'logins',
            data: data.days.map((d) => d.success),
            color: '#52c41a',
          },
          {
            name: t('reports.loginFailure'),
            type: 'bar',
            stack: 'logins',
            data: data.days.map((d) => d.failure),
            color: '#ff4d4f',
          },
        ],
      },
    [data, t],
  );

  const userColumns: TableColumnsType<ActiveUser> = [
    { title: '#', key: 'rank', width: 48, render: (_, __, i) => i + 1 },
    { title: t('reports.username'), dataIndex: 'username', ellipsis: true },
    { title: t('reports.logins'), dataIndex: 'logins', align: 'right', width: 90 },
    { title: t('reports.lastLogin'), dataIndex: 'lastLoginAt', width: 150, render: time },
  ];
  const suspiciousColumns: TableColumnsType<SuspiciousPattern> = [
    {
      title: t('reports.pattern'),
      dataIndex: 'kind',
      width: 150,
      render: (kind: string) => (
        <Tag color={kind === 'ipManyAccounts' ? 'orange' : 'red'}>{t(`reports.suspicious.${kind}`)}</Tag>
      ),
    },
    { title: t('reports.subject'), dataIndex: 'subject', ellipsis: true },
    {
      title: t('reports.location'),
      dataIndex: 'country',
      width: 120,
      render: (c: string) => countryName(c, i18n.language, t('reports.unknownLocation')),
    },
    { title: t('reports.failures'), dataIndex: 'failures', align: 'right', width: 90 },
    { title: t('reports.accountsOrIps'), dataIndex: 'accounts', align: 'right', width: 110 },
    { title: t('reports.lastSeen'), dataIndex: 'lastAt', width: 150, render: time },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="login-analysis">
      <Card title={t('menu.loginAnalysis')}>
        <ReportPeriodPicker value={period} onChange={setPeriod} />
      </Card>
      <Figures
        items={[
          { key: 'success', title: t('reports.loginSuccess'), value: data?.totals.success ?? '-' },
          { key: 'failure', title: t('reports.loginFailure'), value: data?.totals.failure ?? '-' },
          { key: 'users', title: t('reports.distinctUsers'), value: data?.totals.users ?? '-' },
          { key: 'ips', title: t('reports.distinctIps'), value: data?.totals.ips ?? '-' },
        ]}
      />
      <Card title={t('reports.loginsByDay')} size="small">
        {dayChart && <EChart option={dayChart} testId="chart-logins" />}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('reports.topLocations')} size="small">
            {data && <LocationChart locations={data.locations} testId="chart-login-locations" />}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('reports.mostActiveUsers')} size="small">
            <DataTable
              rowKey="userId"
              size="small"
              columns={userColumns}
              dataSource={data?.activeUsers}
              loading={report.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="active-users"
            />
          </Card>
        </Col>
      </Row>
      <Card
        title={t('reports.suspiciousTitle')}
        size="small"
        extra={<span>{t('reports.suspiciousHint')}</span>}
      >
        <DataTable
          rowKey={(r) => `${r.kind}:${r.subject}`}
          size="small"
          columns={suspiciousColumns}
          dataSource={data?.suspicious}
          loading={report.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="suspicious"
        />
      </Card>
    </Space>
  );
}
