import type { EChartsOption } from 'echarts';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

const reduceMotion =
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The one chart component of the console (statistics screens): ECharts with only the chart kinds
 * we draw (bar, line, pie), rendered to canvas. With 减少动态效果 (prefers-reduced-motion) set, the
 * chart is drawn at once, without its growing animation (as antd's motion is off then).
 */
export function Chart({ option, height = 280, label }: { option: EChartsOption; height?: number; label?: string }) {
  const drawn = reduceMotion ? { ...option, animation: false } : option;
  return (
    <div role="img" aria-label={label}>
      <ReactEChartsCore echarts={echarts} option={drawn} style={{ height }} notMerge lazyUpdate />
    </div>
  );
}

/** Counts per label as a horizontal bar chart (choice questions). */
export function barOption(items: { label: string; count: number }[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: items.map((i) => i.label), inverse: true },
    series: [
      { type: 'bar', data: items.map((i) => i.count), barMaxWidth: 28, label: { show: true, position: 'right' } },
    ],
  };
}

/** A count per day as a line (the last 30 days). */
export function dailyOption(days: { day: string; count: number }[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ type: 'line', data: days.map((d) => d.count), smooth: true, areaStyle: { opacity: 0.15 } }],
  };
}
