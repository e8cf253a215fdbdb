import type { TPickStatus } from '@shetuan/shared/experts';
import { Grid, type SelectProps, Tag, type TreeSelectProps } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { FormSelect, FormTreeSelect } from '../../../platform/components/form-controls';
import { type TOption, useExpertOptions } from './api';

/** Phone-sized screens (below antd's md breakpoint): tables become cards, labels sit above answers. */
export function useIsPhone(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.md === false || (screens.md === undefined && window.innerWidth < 768);
}

/** A time as 2026-05-01 14:30, or — when there is none. */
export const timeText = (iso: string | null | undefined): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

export const PICK_STATUS_COLORS: Record<TPickStatus, string> = {
  waiting: 'default',
  invited: 'processing',
  confirmed: 'success',
  declined: 'error',
};

/** A pick's state as a tag (候补, 待确认, 已确认, 已拒绝). */
export function PickStatusTag({ status, name }: { status: TPickStatus; name: string }) {
  return <Tag color={PICK_STATUS_COLORS[status]}>{name}</Tag>;
}

/** A draw's state: 进行中, 已完成, 已结束（人数不足）. */
export function DrawStatusTag({ name }: { name: string }) {
  const color = name === '已完成' ? 'success' : name === '进行中' ? 'processing' : 'warning';
  return <Tag color={color}>{name}</Tag>;
}

interface TreeNode {
  value: number;
  title: string;
  /** The full path (信息技术 / 人工智能), shown once chosen. */
  label: string;
  children: TreeNode[];
}

/** The domain options (full paths, tree order, parentId) as TreeSelect nodes. */
export function domainTree(list: readonly TOption[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  for (const o of list)
    nodes.set(o.id, { value: o.id, title: o.name.split(' / ').at(-1) ?? o.name, label: o.name, children: [] });
  const roots: TreeNode[] = [];
  for (const o of list) {
    const node = nodes.get(o.id) as TreeNode;
    const parent = o.parentId != null ? nodes.get(o.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * 专业领域: the tenant's domain tree; a domain covers the ones below it. A form control (the platform's
 * FormTreeSelect: no aria-required on its box).
 */
export function DomainSelect(props: Omit<TreeSelectProps, 'treeData'>) {
  const domains = useExpertOptions('domains');
  return (
    <FormTreeSelect
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="label"
      treeNodeLabelProp="label"
      loading={domains.isPending}
      treeData={domainTree(domains.data?.list ?? [])}
      placeholder="请选择专业领域"
      style={{ width: '100%' }}
      {...props}
    />
  );
}

/** A select of one of the option lists (标签, 单位), searchable by name; a form control (FormSelect). */
export function OptionSelect({ kind, ...props }: { kind: 'labels' | 'units' } & Omit<SelectProps, 'options'>) {
  const options = useExpertOptions(kind);
  return (
    <FormSelect
      allowClear
      showSearch
      optionFilterProp="label"
      loading={options.isPending}
      options={(options.data?.list ?? []).map((o) => ({ value: o.id, label: o.name }))}
      style={{ width: '100%' }}
      {...props}
    />
  );
}

/** A label and a value in a phone card. */
export function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 8, lineHeight: '24px' }}>
      <span style={{ color: '#595959', flex: '0 0 auto' }}>{label}</span>
      <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</span>
    </div>
  );
}
