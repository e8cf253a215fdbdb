import type { ProColumns } from '@ant-design/pro-components';
import { fieldText, type ResourceField } from '@shetuan/shared';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactElement, ReactNode } from 'react';

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** A value as a list cell shows it: enum as a tag, tags as tags, boolean as 是/否, time formatted, empty as —. */
export function fieldCell(field: ResourceField, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (field.kind === 'tags')
      return value.map((v) => (
        <Tag key={String(v)} style={{ marginInlineEnd: 4 }}>
          {String(v)}
        </Tag>
      ));
  }
  if (field.kind === 'enum') {
    const index = field.options?.findIndex((o) => o.value === value) ?? -1;
    // A status is on in its first option (启用) and off otherwise, as StatusTag shows it.
    const color = field.key === 'status' ? (index === 0 ? 'success' : undefined) : 'blue';
    return <Tag color={color}>{fieldText(field, value)}</Tag>;
  }
  if (field.kind === 'datetime') {
    const d = dayjs(String(value));
    return d.isValid() ? d.format(DATETIME_FORMAT) : String(value);
  }
  return fieldText(field, value);
}

const BOOLEAN_OPTIONS = [
  { value: true, label: '是' },
  { value: false, label: '否' },
];

/** Whether a field is only a search field: `filterOnly`, or a `formOnly` field with `filter`. */
export const searchOnly = (field: ResourceField) => Boolean(field.filterOnly || (field.formOnly && field.filter));

/**
 * The ProTable column of a field: in the table unless `list: false` (then offered in the column
 * settings, hidden at first), in the search form when `filter: true`. `cell` draws the cell
 * instead of the field's kind (a screen's own rendering); `search` is the search form's control
 * instead of the kind's (a tree select, a region cascader: it takes value, onChange and id). A
 * search-only field (`searchOnly`) is a search field and nothing else.
 */
export function fieldColumn<T extends Record<string, unknown>>(
  field: ResourceField,
  cell?: (row: T) => ReactNode,
  search?: ReactElement,
): ProColumns<T> {
  const only = searchOnly(field);
  const column: ProColumns<T> = {
    title: field.title,
    dataIndex: field.key,
    key: field.key,
    width: field.width,
    hideInSearch: !field.filter && !field.filterOnly,
    ...(only ? { hideInTable: true, hideInSetting: true } : {}),
    ellipsis: !cell && (field.kind === 'textarea' || field.kind === 'text' || field.kind === undefined),
    render: (_, row) => (cell ? cell(row) : fieldCell(field, row[field.key])),
  };
  if (field.kind === 'number') column.align = 'right';
  if (field.kind === 'enum' || field.kind === 'boolean') {
    column.valueType = 'select';
    column.fieldProps = { options: field.kind === 'enum' ? field.options : BOOLEAN_OPTIONS, allowClear: true };
  }
  if (field.kind === 'datetime') column.valueType = 'dateTime';
  if (search) column.renderFormItem = () => search;
  return column;
}

/** Column-settings state: fields with `list: false` start hidden. */
export function hiddenColumns(fields: readonly ResourceField[]): Record<string, { show: boolean }> {
  return Object.fromEntries(fields.filter((f) => f.list === false).map((f) => [f.key, { show: false }]));
}
