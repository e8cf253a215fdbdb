import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DISPLAY_TYPES, type TCondition, type TFormDetail, type TLogicRule, ZFormSchema } from '@shetuan/shared/forms';
import { Alert, Button, Card, Empty, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '../../app/feedback';
import { formApi } from './api';
import { FormShell, useSaveDetail } from './FormShell';

const TRIGGER_TYPES = new Set(['RADIO', 'CHECKBOX', 'SELECT', 'IMAGE_SELECT']);

/** /project/form/logic?key=: show rules built by picking questions and options — no ids to type. */
export default function LogicPage() {
  return <FormShell>{(form) => <LogicEditor key={form.key} form={form} />}</FormShell>;
}

function LogicEditor({ form }: { form: TFormDetail }) {
  const [rules, setRules] = useState<TLogicRule[]>(form.schema.logic);
  const { saving, save: saveDetail } = useSaveDetail(form.key);
  const fields = form.schema.fields;
  const triggers = fields.filter((f) => TRIGGER_TYPES.has(f.type) && (f.options?.length ?? 0) > 0);
  // A row container may be shown too: its questions show and hide with it.
  const answerable = fields.filter(
    (f) => !DISPLAY_TYPES.has(f.type) || f.type === 'DESC_TEXT' || f.type === 'IMAGE' || f.type === 'ROW',
  );
  const label = (id: string) => {
    const i = fields.findIndex((f) => f.id === id);
    return i < 0 ? id : `${i + 1}. ${fields[i]?.label}`;
  };
  const setRule = (index: number, patch: Partial<TLogicRule>) =>
    setRules((list) => list.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const setCondition = (index: number, ci: number, patch: Partial<TCondition>) =>
    setRule(index, {
      conditions: (rules[index]?.conditions ?? []).map((c, j) => (j === ci ? { ...c, ...patch } : c)),
    });
  const firstTrigger = triggers[0];
  const newCondition = (): TCondition | null =>
    firstTrigger
      ? { formItemId: firstTrigger.id, expression: 'eq', optionValue: firstTrigger.options?.[0]?.value ?? '' }
      : null;

  const save = async () => {
    const schema = { ...form.schema, logic: rules };
    const parsed = ZFormSchema.safeParse(schema);
    if (!parsed.success) {
      void feedback.message.error(parsed.error.issues[0]?.message ?? '显示逻辑有误');
      return;
    }
    if (rules.some((r) => r.showIds.length === 0)) {
      void feedback.message.error('每条规则都要选择显示的题目');
      return;
    }
    await saveDetail(() => formApi.saveSchema(form.key, parsed.data));
  };

  return (
    <Card
      title="显示逻辑"
      extra={
        <Space>
          <Button
            icon={<PlusOutlined />}
            disabled={!firstTrigger}
            onClick={() => {
              const c = newCondition();
              if (c) setRules((list) => [...list, { showIds: [], combinator: 1, conditions: [c] }]);
            }}
          >
            添加规则
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="规则中的题目默认隐藏，条件成立时才显示；隐藏的题目恢复默认值，也不再校验。"
      />
      {!firstTrigger && <Empty description="表单中还没有单选、多选或下拉题，无法设置显示逻辑" />}
      {rules.map((rule, index) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their order is their identity
          key={index}
          size="small"
          style={{ marginBottom: 12 }}
          title={`规则 ${index + 1}`}
          extra={
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除规则${index + 1}`}
              onClick={() => setRules((list) => list.filter((_, i) => i !== index))}
            />
          }
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            {rule.conditions.map((c, ci) => {
              const trigger = fields.find((f) => f.id === c.formItemId);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id
                <Space key={ci} wrap>
                  <Typography.Text>{ci === 0 ? '当' : rule.combinator === 1 ? '并且' : '或者'}</Typography.Text>
                  <Select
                    aria-label={`规则${index + 1}条件${ci + 1}题目`}
                    style={{ width: 220 }}
                    value={c.formItemId}
                    options={triggers.map((f) => ({ value: f.id, label: label(f.id) }))}
                    onChange={(formItemId: string) => {
                      const f = fields.find((x) => x.id === formItemId);
                      setCondition(index, ci, { formItemId, optionValue: f?.options?.[0]?.value ?? '' });
                    }}
                  />
                  <Select
                    aria-label={`规则${index + 1}条件${ci + 1}关系`}
                    style={{ width: 96 }}
                    value={c.expression}
                    options={[
                      { value: 'eq', label: '选择了' },
                      { value: 'ne', label: '没选' },
                    ]}
                    onChange={(expression: 'eq' | 'ne') => setCondition(index, ci, { expression })}
                  />
                  <Select
                    aria-label={`规则${index + 1}条件${ci + 1}选项`}
                    style={{ width: 160 }}
                    value={c.optionValue}
                    options={(trigger?.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
                    onChange={(optionValue: string | number) => setCondition(index, ci, { optionValue })}
                  />
                  {rule.conditions.length > 1 && (
                    <Button
                      type="link"
                      danger
                      onClick={() => setRule(index, { conditions: rule.conditions.filter((_, j) => j !== ci) })}
                    >
                      移除条件
                    </Button>
                  )}
                </Space>
              );
            })}
            <Space wrap>
              <Button
                size="small"
                onClick={() => {
                  const n = newCondition();
                  if (n) setRule(index, { conditions: [...rule.conditions, n] });
                }}
              >
                添加条件
              </Button>
              {rule.conditions.length > 1 && (
                <Radio.Group
                  size="small"
                  value={rule.combinator}
                  onChange={(e) => setRule(index, { combinator: e.target.value })}
                  options={[
                    { value: 1, label: '全部满足' },
                    { value: 2, label: '任一满足' },
                  ]}
                  optionType="button"
                />
              )}
            </Space>
            <Space wrap>
              <Typography.Text>时，显示</Typography.Text>
              <Select
                aria-label={`规则${index + 1}显示的题目`}
                mode="multiple"
                style={{ minWidth: 320 }}
                placeholder="选择要显示的题目"
                value={rule.showIds}
                options={answerable
                  .filter((f) => !rule.conditions.some((c) => c.formItemId === f.id))
                  .map((f) => ({ value: f.id, label: label(f.id) }))}
                onChange={(showIds: string[]) => setRule(index, { showIds })}
              />
            </Space>
          </Space>
        </Card>
      ))}
    </Card>
  );
}
