import { Skeleton } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useRef, useState } from 'react';

/** A chart of the reports: loads ECharts on first use, follows its box's width (390 px phones too). */
export function EChart({
  option,
  height = 300,
  testId,
}: {
  option: EChartsCoreOption;
  height?: number;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void import('./echarts-setup').then(({ echarts }) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current);
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, { notMerge: true });
  }, [ready, option]);

  return (
    <div style={{ position: 'relative', width: '100%', height }} data-testid={testId}>
      {!ready && <Skeleton active style={{ position: 'absolute', inset: 0 }} />}
      <div ref={box} style={{ width: '100%', height }} data-chart-ready={ready ? 'true' : 'false'} />
    </div>
  );
}
