import type { LocationCount } from '@jiema/shared';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/charts/echart';
import { countryName } from '../../../components/report-period';

/** Top locations as horizontal bars, country names in the reader's language. */
export function LocationChart({ locations, testId }: { locations: LocationCount[]; testId: string }) {
  const { t, i18n } = useTranslation();
  if (locations.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const rows = [...locations].reverse();
  return (
    <EChart
      testId={testId}
      height={Math.max(160, rows.length * 28 + 40)}
      option={{
        tooltip: { trigger: 'axis' },
        grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
        xAxis: { type: 'value', minInterval: 1 },
        yAxis: {
          type: 'category',
          data: rows.map((r) => countryName(r.country, i18n.language, t('reports.unknownLocation'))),
          axisLabel: { width: 110, overflow: 'truncate' },
        },
        series: [{ type: 'bar', data: rows.map((r) => r.count), label: { show: true, position: 'right' } }],
      }}
    />
  );
}
