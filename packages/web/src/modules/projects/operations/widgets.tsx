import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TGrade, TScoreItem, TStage } from '@shetuan/shared/projects';
import { Button, Form, Input, InputNumber, Table } from 'antd';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { num } from '../creator/Field';
import { FlowEditor } from '../creator/FlowEditor';
import { ScoreItems } from '../creator/ScoreItems';

/**
 * The resource kit's form controls of 运营管理 (value, onChange and id, inside the field's
 * Form.Item with the schema's rules): the wizard's own editors, so a library entry is edited
 * exactly as a project's stage is.
 */

interface ControlProps<V> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
}

/** 项目流程: the flow editor (stages, their settings; the problems are the form's message). */
export function FlowControl({ id, value, onChange }: ControlProps<TStage[]>) {
  return (
    <div id={id}>
      <FlowEditor value={value ?? []} readOnly={false} problems={[]} onChange={(flow) => onChange?.(flow)} />
    </div>
  );
}

/** 评分规则: the scoring items' table. */
export function ScoreItemsControl({ id, value, onChange }: ControlProps<TScoreItem[]>) {
  return (
    <div id={id}>
      <ScoreItems items={value ?? []} prefix="rule-item" disabled={false} onChange={(items) => onChange?.(items)} />
    </div>
  );
}

/** 定级方案: the grades from the highest, asking for 分数线 or 比例 as the form's method says. */
export function GradesControl({ id, value, onChange }: ControlProps<TGrade[]>) {
  const form = Form.useFormInstance();
  const quota = Form.useWatch('method', form) === 'quota';
  const grades = value ?? [];
  const set = (index: number, patch: Partial<TGrade>) =>
    onChange?.(grades.map((g, i) => (i === index ? { ...g, ...patch } : g)));
  return (
    <div id={id}>
      <Table<TGrade & { index: number }>
        size="small"
        rowKey="index"
        pagination={false}
        dataSource={grades.map((g, index) => ({ ...g, index }))}
        locale={{ emptyText: <EmptyState description="请至少设置一个等级" /> }}
        columns={[
          {
            title: '等级名称',
            key: 'name',
            render: (_, g) => (
              <Input
                aria-label={`等级${g.index + 1}名称`}
                maxLength={20}
                value={g.name}
                onChange={(e) => set(g.index, { name: e.target.value })}
              />
            ),
          },
          {
            title: quota ? '比例' : '分数线（不低于）',
            key: 'figure',
            width: 170,
            render: (_, g) =>
              quota ? (
                <InputNumber
                  aria-label={`等级${g.index + 1}比例`}
                  min={0}
                  max={100}
                  value={g.percent}
                  onChange={(v) => set(g.index, { percent: num(v) })}
                  suffix="%"
                />
              ) : (
                <InputNumber
                  aria-label={`等级${g.index + 1}分数线`}
                  min={0}
                  value={g.min}
                  onChange={(v) => set(g.index, { min: num(v) })}
                  suffix="分"
                />
              ),
          },
          {
            title: '操作',
            key: 'op',
            width: 64,
            render: (_, g) => (
              <Button
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`删除等级${g.index + 1}`}
                disabled={grades.length <= 1}
                onClick={() => onChange?.(grades.filter((_, i) => i !== g.index))}
              />
            ),
          },
        ]}
      />
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={grades.length >= 10}
        style={{ marginTop: 8 }}
        onClick={() => onChange?.([...grades, { name: '', ...(quota ? { percent: 10 } : { min: 0 }) }])}
      >
        添加等级
      </Button>
    </div>
  );
}
