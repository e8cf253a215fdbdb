import type { TProject } from '@shetuan/shared/projects';
import { Card, Empty, Progress, Space, Tag, Typography } from 'antd';
import type { EChartsOption } from 'echarts';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { Screen } from '../applicant/Screen';
import { FlowTags } from '../creator/FlowTags';
import { ProjectPicker, useChosenProject } from '../creator/ProjectPicker';

/**
 * What the 项目统计 screens share: the project picker with the chosen project's flow, the chart
 * cards and the chart options the platform's Chart has no builder for.
 */

/**
 * A screen of one project: the picker (?projectId=, the newest accepted project by default), then
 * the screen's body for the chosen project, or `empty` when no project fits; in the module's
 * accessible colours (applicant/Screen).
 */
export function ProjectScreen({
  accept,
  empty,
  children,
}: {
  accept: (p: TProject) => boolean;
  empty: string;
  children: (project: TProject) => ReactNode;
}) {
  const { projects, loading, chosen, setProjectId } = useChosenProject((p) => !p.isTemplate && accept(p));
  return (
    <Screen>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card size="small">
          <Space direction="vertical" size={8} style={{ width: '100%' }}>
            <ProjectPicker projects={projects} loading={loading} value={chosen?.id} onChange={setProjectId} />
            {chosen && (
              <div>
                <Typography.Text type="secondary">评审流程：</Typography.Text>
                <FlowTags project={chosen} />
              </div>
            )}
          </Space>
        </Card>
        {chosen ? (
          <div key={chosen.id}>{children(chosen)}</div>
        ) : (
          <Card>
            <Empty description={loading ? '加载中…' : empty} />
          </Card>
        )}
      </Space>
    </Screen>
  );
}

/** A chart in a card; the empty state in its place when there is nothing to draw. */
export function ChartCard({
  title,
  extra,
  empty,
  emptyText = '暂无数据',
  children,
}: {
  title: string;
  extra?: ReactNode;
  empty?: boolean;
  emptyText?: string;
  children: ReactNode;
}) {
  return (
    <Card size="small" title={title} extra={extra} styles={{ body: { minHeight: 120 } }}>
      {empty ? <EmptyState description={emptyText} /> : children}
    </Card>
  );
}

/**
 * Status tags at WCAG AA: antd's status tags derive their background from the status colour, and
 * the module's darker colours (applicant/Screen) give a grey background their text fails on.
 */
const TONES: Record<string, { color: string; background: string; borderColor: string }> = {
  success: { color: '#237804', background: '#f6ffed', borderColor: '#b7eb8f' },
  processing: { color: '#0958d9', background: '#e6f4ff', borderColor: '#91caff' },
  warning: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  error: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  default: { color: 'rgba(0, 0, 0, 0.88)', background: '#fafafa', borderColor: '#d9d9d9' },
};

/** A status as a tag in one of the tones (success, processing, warning, error, default). */
export function ToneTag({ tone, children }: { tone: string; children: ReactNode }) {
  return <Tag style={TONES[tone] ?? TONES.default}>{children}</Tag>;
}

/** done of total as a bar with its figures (评审进度, 名额使用). */
export function Ratio({ done, total, label }: { done: number; total: number; label: string }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Progress
      aria-label={label}
      percent={percent}
      size="small"
      status={total > 0 && done >= total ? 'success' : 'normal'}
      format={() => `${done}/${total}`}
      style={{ minWidth: 120, marginBottom: 0 }}
    />
  );
}

/** Counts per label as columns (score bands); the labels slant to fit ten on a phone. */
export function columnOption(items: { label: string; count: number }[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: items.map((i) => i.label), axisLabel: { interval: 0, rotate: 45 } },
    yAxis: { type: 'value', minInterval: 1, name: '申报数' },
    series: [{ type: 'bar', data: items.map((i) => i.count), barMaxWidth: 36, label: { show: true, position: 'top' } }],
  };
}

/** Shares of a whole as a ring with its legend below (results by grade). */
export function pieOption(items: { label: string; count: number }[]): EChartsOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        center: ['50%', '45%'],
        data: items.map((i) => ({ name: i.label, value: i.count })),
        label: { formatter: '{b}\n{c}' },
      },
    ],
  };
}

/** Several counts per category stacked as horizontal bars (each unit's or expert's work). */
export function stackedBarOption(
  categories: string[],
  series: { name: string; data: number[]; color?: string }[],
): EChartsOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      data: categories,
      inverse: true,
      axisLabel: { width: 140, overflow: 'truncate' },
    },
    series: series.map((s) => ({
      type: 'bar',
      name: s.name,
      stack: 'total',
      data: s.data,
      barMaxWidth: 24,
      itemStyle: s.color ? { color: s.color } : undefined,
      emphasis: { focus: 'series' },
    })),
  };
}

/** A chart's height for n horizontal bars. */
export const barsHeight = (n: number) => Math.max(160, 48 + n * 36);
