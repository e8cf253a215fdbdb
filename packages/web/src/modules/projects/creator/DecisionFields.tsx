import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TGrade, TStage } from '@shetuan/shared/projects';
import { Button, Col, Input, InputNumber, Radio, Row, Table, Typography } from 'antd';
import { EmptyState } from '../../../platform/widgets/EmptyState';
import { GradingSchemePicker } from '../operations/library';
import { Field, num } from './Field';
import type { DecisionStage } from './flow-helpers';

/** 评审结果: 定级方式 (分数线 or 比例), the grades from the highest, and 公示天数. */
export function DecisionFields({
  stage,
  id,
  approvalFigure,
  disabled,
  onChange,
}: {
  stage: DecisionStage;
  id: (field: string) => string;
  approvalFigure: boolean;
  disabled: boolean;
  onChange: (stage: TStage) => void;
}) {
  const set = (patch: Partial<DecisionStage>) => onChange({ ...stage, ...patch });
  const setGrade = (index: number, patch: Partial<TGrade>) =>
    set({ grades: stage.grades.map((g, i) => (i === index ? { ...g, ...patch } : g)) });
  const quota = stage.method === 'quota';
  return (
    <>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Field
            id={id('method')}
            label="定级方式"
            help={
              quota
                ? '按排名比例定级，各等级依次取所占比例'
                : approvalFigure
                  ? '审批制按同意比例（0–100）定级'
                  : '按综合得分定级'
            }
          >
            <Radio.Group
              id={id('method')}
              disabled={disabled}
              value={stage.method}
              onChange={(e) => set({ method: e.target.value as DecisionStage['method'] })}
              options={[
                { value: 'threshold', label: '按分数线' },
                { value: 'quota', label: '按比例' },
              ]}
            />
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field id={id('publicity')} label="公示天数" help="发布结果后的公示期，0 为不公示">
            <InputNumber
              id={id('publicity')}
              min={0}
              max={60}
              precision={0}
              disabled={disabled}
              value={stage.publicityDays}
              onChange={(v) => set({ publicityDays: num(v) })}
              suffix="天"
            />
          </Field>
        </Col>
      </Row>
      <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
        等级（由高到低）
      </Typography.Text>
      <GradingSchemePicker disabled={disabled} onPick={(scheme) => set(scheme)} />
      <Table<TGrade & { index: number }>
        size="small"
        style={{ marginTop: 8 }}
        rowKey="index"
        pagination={false}
        dataSource={stage.grades.map((g, index) => ({ ...g, index }))}
        locale={{ emptyText: <EmptyState description="请至少设置一个等级" /> }}
        columns={[
          {
            title: '等级名称',
            key: 'name',
            render: (_, g) => (
              <Input
                aria-label={`等级${g.index + 1}名称`}
                disabled={disabled}
                maxLength={20}
                value={g.name}
                onChange={(e) => setGrade(g.index, { name: e.target.value })}
              />
            ),
          },
          quota
            ? {
                title: '比例',
                key: 'percent',
                width: 160,
                render: (_, g) => (
                  <InputNumber
                    aria-label={`等级${g.index + 1}比例`}
                    disabled={disabled}
                    min={0}
                    max={100}
                    value={g.percent}
                    onChange={(v) => setGrade(g.index, { percent: num(v) })}
                    suffix="%"
                  />
                ),
              }
            : {
                title: approvalFigure ? '同意比例不低于' : '分数线（不低于）',
                key: 'min',
                width: 180,
                render: (_, g) => (
                  <InputNumber
                    aria-label={`等级${g.index + 1}分数线`}
                    disabled={disabled}
                    min={0}
                    value={g.min}
                    onChange={(v) => setGrade(g.index, { min: num(v) })}
                    suffix={approvalFigure ? '%' : '分'}
                  />
                ),
              },
          {
            title: '操作',
            key: 'op',
            width: 70,
            render: (_, g) => (
              <Button
                type="text"
                danger
                size="small"
                disabled={disabled || stage.grades.length <= 1}
                icon={<DeleteOutlined />}
                aria-label={`删除等级${g.index + 1}`}
                onClick={() => set({ grades: stage.grades.filter((_, i) => i !== g.index) })}
              />
            ),
          },
        ]}
      />
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        hidden={disabled}
        disabled={stage.grades.length >= 10}
        style={{ marginTop: 8 }}
        onClick={() => set({ grades: [...stage.grades, { name: '', ...(quota ? { percent: 10 } : { min: 0 }) }] })}
      >
        添加等级
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        未达到任何等级的申报结果为“未立项”。
      </Typography.Paragraph>
    </>
  );
}
