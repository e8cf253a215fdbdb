import { ExpertStatus, type TExpertOptions, type TExpertStatistics } from '@shetuan/shared/experts';
import type { EChartsOption } from 'echarts';

type Option = TExpertOptions['list'][number];

export { DETAIL_PATH, POOL_PATH } from './paths';

/** A node of the domain tree select: its own name in the tree, its whole path once chosen. */
export interface DomainNode {
  value: number;
  title: string;
  /** 信息技术 / 人工智能: what the select shows for a chosen domain. */
  label: string;
  children?: DomainNode[];
}

/**
 * The domain options (every domain with its path, tree order, parentId) as a tree. A domain whose
 * parent is not in the list is a root, so a broken parent never hides it.
 */
export function domainTree(list: readonly Option[]): DomainNode[] {
  const byId = new Map(list.map((o) => [o.id, o]));
  const nodes = new Map<number, DomainNode>(list.map((o) => [o.id, { value: o.id, title: o.name, label: o.name }]));
  const roots: DomainNode[] = [];
  for (const o of list) {
    const node = nodes.get(o.id) as DomainNode;
    const parent = o.parentId != null ? byId.get(o.parentId) : undefined;
    const parentNode = parent ? nodes.get(parent.id) : undefined;
    if (!parent || !parentNode) {
      roots.push(node);
      continue;
    }
    // The option's name is the path: the tree shows the last part under its parent.
    const prefix = `${parent.name} / `;
    if (o.name.startsWith(prefix)) node.title = o.name.slice(prefix.length);
    parentNode.children = [...(parentNode.children ?? []), node];
  }
  return roots;
}

/** 确认率: of the invited experts, the share who confirmed (null before anyone was invited). */
export function confirmRate(draws: TExpertStatistics['draws']): number | null {
  return draws.invited > 0 ? Math.round((draws.confirmed / draws.invited) * 100) : null;
}

/** Whether 启用 / 停用 applies: only to an expert of the library (入库 or 停用). */
export const canToggle = (status: number) => status === ExpertStatus.ACTIVE || status === ExpertStatus.DISABLED;

/** The tone of an expert's status tag (the console's AA status colours). */
export const STATUS_TONES: Record<number, string> = {
  [ExpertStatus.PENDING]: 'processing',
  [ExpertStatus.ACTIVE]: 'success',
  [ExpertStatus.REJECTED]: 'error',
  [ExpertStatus.DISABLED]: 'default',
};

/** Whether a chart of counts has anything to draw. */
export const anyCount = (items: readonly { value: number }[]) => items.some((i) => i.value > 0);

/**
 * Shares of a whole as a ring with its legend below (by title, by gender). On a phone the names
 * stay in the legend (it wraps) and the ring carries only the counts: labels beside a ring do not
 * fit 390 px.
 */
export function pieOption(items: readonly { name: string; value: number }[], compact = false): EChartsOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    legend: { bottom: 0, type: compact ? 'plain' : 'scroll' },
    series: [
      {
        type: 'pie',
        radius: compact ? ['32%', '62%'] : ['35%', '62%'],
        center: ['50%', compact ? '40%' : '44%'],
        data: items.filter((i) => i.value > 0).map((i) => ({ name: i.name, value: i.value })),
        label: compact
          ? { position: 'inside', formatter: '{c}', color: '#1f1f1f', textBorderColor: '#fff', textBorderWidth: 2 }
          : { formatter: '{b}\n{c}' },
      },
    ],
  };
}

/** New experts per month (YYYY-MM) as a line; the axis says 5月, the tooltip the whole month. */
export function monthlyOption(months: readonly { name: string; value: number }[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: months.map((m) => m.name),
      axisLabel: { formatter: (v: string) => `${Number(v.slice(5))}月` },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'line',
        name: '新入库专家',
        data: months.map((m) => m.value),
        areaStyle: { opacity: 0.15 },
      },
    ],
  };
}
