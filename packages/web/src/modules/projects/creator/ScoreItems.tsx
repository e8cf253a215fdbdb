import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { maxTotal, type TScoreItem } from '@shetuan/shared/projects';
import { Button, Input, InputNumber, Table, Typography } from 'antd';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { ScoreRulePicker } from '../operations/library';
import { num } from './Field';

/** The next free item code: item1, item2… (codes stay with their items when others are removed). */
function nextKey(items: readonly TScoreItem[]): string {
  const used = new Set(items.map((i) => i.key));
  let n = items.length + 1;
  for (let i = 1; i <= items.length + 1; i++)
    if (!used.has(`item${i}`)) {
      n = i;
      break;
    }
  return `item${n}`;
}

/** The scoring items of a 评分制 round: 编码 (item1…), 名称, 满分, 权重, and the total. */
export function ScoreItems({
  items,
  prefix,
  disabled,
  onChange,
}: {
  items: TScoreItem[];
  prefix: string;
  disabled: boolean;
  onChange: (items: TScoreItem[]) => void;
}) {
  const set = (index: number, patch: Partial<TScoreItem>) =>
    onChange(items.map((it, i) => (i === index ? { ...it, ...patch } : it)));
  const total = maxTotal(items.map((it) => ({ ...it, max: it.max ?? 0, weight: it.weight ?? 0 })));
  return (
    <div>
      <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
        评分项
      </Typography.Text>
      <ScoreRulePicker items={items} disabled={disabled} onPick={onChange} />
      <Table<TScoreItem & { index: number }>
        size="small"
        style={{ marginTop: 8 }}
        rowKey="index"
        pagination={false}
        dataSource={items.map((it, index) => ({ ...it, index }))}
        locale={{ emptyText: <EmptyState description="评分制需要评分项，请点击“添加评分项”" /> }}
        columns={[
          { title: '序号', key: 'n', width: 60, render: (_, r) => r.index + 1 },
          { title: '编码', dataIndex: 'key', width: 90 },
          {
            title: '名称',
            key: 'name',
            render: (_, r) => (
              <Input
                aria-label={`评分项${r.index + 1}名称`}
                disabled={disabled}
                maxLength={30}
                placeholder="如：创新性"
                value={r.name}
                onChange={(e) => set(r.index, { name: e.target.value })}
              />
            ),
          },
          {
            title: '满分',
            key: 'max',
            width: 130,
            render: (_, r) => (
              <InputNumber
                aria-label={`评分项${r.index + 1}满分`}
                disabled={disabled}
                min={0}
                max={1000}
                value={r.max}
                onChange={(v) => set(r.index, { max: num(v) })}
                style={{ width: '100%' }}
              />
            ),
          },
          {
            title: '权重',
            key: 'weight',
            width: 120,
            render: (_, r) => (
              <InputNumber
                aria-label={`评分项${r.index + 1}权重`}
                disabled={disabled}
                min={0}
                max={100}
                step={0.1}
                value={r.weight}
                onChange={(v) => set(r.index, { weight: num(v) })}
                style={{ width: '100%' }}
              />
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 70,
            render: (_, r) => (
              <Button
                type="text"
                danger
                size="small"
                disabled={disabled}
                icon={<DeleteOutlined />}
                aria-label={`删除评分项${r.index + 1}`}
                onClick={() => onChange(items.filter((_, i) => i !== r.index))}
              />
            ),
          },
        ]}
        summary={() =>
          items.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <Typography.Text strong>满分合计（满分 × 权重）</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} colSpan={3}>
                <Typography.Text strong>{Math.round(total * 100) / 100}</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        hidden={disabled}
        disabled={items.length >= 30}
        style={{ marginTop: 8 }}
        id={`${prefix}-add`}
        onClick={() => onChange([...items, { key: nextKey(items), name: '', max: 10, weight: 1 }])}
      >
        添加评分项
      </Button>
    </div>
  );
}
