import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { TABLE_DEFAULT_COLUMNS, TABLE_MAX_ROWS } from '@shetuan/shared/forms';
import { Button, Input, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';

type Row = Record<string, string>;

/**
 * Table input (spec 000 §5): columns default to 姓名, 工作单位, 职务职称; at most 50 rows; the
 * value is emitted only when every cell of every row is filled, otherwise an empty list; rows
 * beyond the initial count may be deleted.
 */
export function TableInput({
  value,
  onChange,
  columns = [...TABLE_DEFAULT_COLUMNS],
  initialRows = 1,
  disabled,
  id,
}: {
  value?: Row[];
  onChange?: (rows: Row[]) => void;
  columns?: string[];
  initialRows?: number;
  disabled?: boolean;
  id?: string;
}) {
  const blank = (): Row => Object.fromEntries(columns.map((c) => [c, '']));
  const [rows, setRows] = useState<Row[]>(() =>
    value && value.length > 0 ? value : Array.from({ length: initialRows }, blank),
  );
  // A value set from outside (a resumed draft) replaces the rows being edited.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of value matters
  useEffect(() => {
    if (value && value.length > 0 && JSON.stringify(value) !== JSON.stringify(rows)) setRows(value);
  }, [value]);

  const emit = (next: Row[]) => {
    setRows(next);
    const complete = next.every((r) => columns.every((c) => (r[c] ?? '').trim() !== ''));
    onChange?.(complete ? next : []);
  };
  const cell = (index: number, column: string, text: string) =>
    emit(rows.map((r, i) => (i === index ? { ...r, [column]: text } : r)));

  return (
    <div id={id}>
      <Table<{ index: number; row: Row }>
        size="small"
        pagination={false}
        bordered
        rowKey="index"
        dataSource={rows.map((row, index) => ({ index, row }))}
        columns={[
          ...columns.map((c) => ({
            title: c,
            key: c,
            render: (_: unknown, r: { index: number; row: Row }) => (
              <Input
                aria-label={`${c}第${r.index + 1}行`}
                value={r.row[c] ?? ''}
                maxLength={200}
                disabled={disabled}
                onChange={(e) => cell(r.index, c, e.target.value)}
              />
            ),
          })),
          {
            title: '',
            key: 'remove',
            width: 48,
            render: (_: unknown, r: { index: number }) =>
              r.index >= initialRows && !disabled ? (
                <Button
                  type="text"
                  danger
                  aria-label={`删除第${r.index + 1}行`}
                  icon={<DeleteOutlined />}
                  onClick={() => emit(rows.filter((_, i) => i !== r.index))}
                />
              ) : null,
          },
        ]}
      />
      <div style={{ marginTop: 8, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={disabled || rows.length >= TABLE_MAX_ROWS}
          onClick={() => emit([...rows, blank()])}
        >
          添加一行
        </Button>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {rows.length}/{TABLE_MAX_ROWS} 行，每一格都填写后才算完成
        </Typography.Text>
      </div>
    </div>
  );
}
