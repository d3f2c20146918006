import type { Quota } from '@jiema/shared';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The last 30 days: segments as bars, delivered and failed messages as lines (its own chunk, ECharts is large). */
export default function UsageChart({ days }: { days: Quota['usageByDay'] }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const container = element.current;
    const chart = echarts.init(container);
    // Marked once drawn and its animation is over: what a screenshot or a test should wait for.
    chart.on('finished', () => container.setAttribute('data-rendered', 'true'));
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t('mass-sms.quota.chartSegments'),
          type: 'bar',
          data: days.map((d) => d.segments),
          itemStyle: { color: '#1677ff' },
        },
        {
          name: t('mass-sms.quota.chartDelivered'),
          type: 'line',
          data: days.map((d) => d.delivered),
          itemStyle: { color: '#52c41a' },
        },
        {
          name: t('mass-sms.quota.chartFailed'),
          type: 'line',
          data: days.map((d) => d.failed),
          itemStyle: { color: '#ff4d4f' },
        },
      ],
    });
    const resize = () => chart.resize();
    const observer = new ResizeObserver(resize);
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [days, t]);
  return <div ref={element} style={{ width: '100%', height: 300 }} data-testid="usage-chart" />;
}
