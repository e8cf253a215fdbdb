import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  defaultTrigger,
  FIELD_TYPE_NAMES,
  FORM_MESSAGES,
  generatedMessage,
  LIST_TYPES,
  RULE_MESSAGES,
  RULE_MODE_NAMES,
  RULE_MODES,
  RULE_TRIGGER_NAMES,
  RULE_TRIGGERS,
  RULE_TYPE_NAMES,
  type RuleMode,
  type RuleType,
  ruleTypesFor,
  type TFormField,
  type TRegRule,
} from '@shetuan/shared/forms';
import { Button, Divider, Input, InputNumber, Select, Space, Typography } from 'antd';

/** Patterns a text question often needs (spec 000 §5 and 002 §5 helper checks). */
const PRESETS = [
  { label: '手机号', pattern: '^1[3-9]\\d{9}$', message: '手机号格式错误' },
  { label: '邮箱', pattern: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$', message: '邮箱格式错误' },
  { label: '身份证号', pattern: '^(?:\\d{15}|\\d{17}[\\dXx])$', message: '身份证格式错误' },
  { label: '邮政编码', pattern: '^[1-9]\\d{5}$', message: '邮政编码格式错误' },
  { label: '整数', pattern: '^-?\\d+$', message: '请输入整数' },
  { label: '网址', pattern: '^https?://\\S+$', message: '网址格式错误' },
];

const TEXT = new Set(['INPUT', 'TEXTAREA']);

/** The kind a new rule expects, by the question's answer. */
function startType(field: TFormField, types: readonly RuleType[]): RuleType | undefined {
  if (TEXT.has(field.type)) return 'string';
  if (LIST_TYPES.has(field.type) || (field.type === 'SELECT' && field.props.multiple)) return 'array';
  return types[0];
}

/**
 * 校验规则 (spec 002 'Designer field rule' and 'Designer rules'): the required check's own message,
 * then each rule with its type (string, array, number, integer, float, object, date, url, hex,
 * email), trigger (change, submit, blur) and mode (pattern, min, max, len, or the type alone). New
 * rules start with the generated messages (必须填写, 格式不正确, 格式不匹配); 自动获取 gives 请输入
 * and the title, with 正确的 for the other modes. The shared validator enforces them on the fill
 * page and the server alike.
 */
export function RuleEditor({ field, onChange }: { field: TFormField; onChange: (f: TFormField) => void }) {
  const types = ruleTypesFor(field);
  const label = field.label || FIELD_TYPE_NAMES[field.type];
  const set = (regList: TRegRule[]) => onChange({ ...field, regList });
  const update = (i: number, patch: Partial<TRegRule>) =>
    set(field.regList.map((r, j) => (j === i ? ({ ...r, ...patch } as TRegRule) : r)));
  const own = defaultTrigger(field);
  const fallbackRequired =
    LIST_TYPES.has(field.type) || (field.type === 'SELECT' && field.props.multiple)
      ? FORM_MESSAGES.atLeastOne({ ...field, requiredMessage: undefined })
      : FORM_MESSAGES.required({ ...field, requiredMessage: undefined });

  const add = (preset?: (typeof PRESETS)[number]) => {
    const type = startType(field, types);
    const rule: TRegRule = preset
      ? { mode: 'pattern', pattern: preset.pattern, message: preset.message }
      : TEXT.has(field.type)
        ? { mode: 'pattern', pattern: '.*', message: generatedMessage(label, 'pattern') }
        : { mode: 'min', type, value: 1, message: generatedMessage(label, 'min') };
    set([...field.regList, rule]);
  };

  const changeMode = (i: number, r: TRegRule, mode: RuleMode) => {
    // A message still as generated follows the mode; one the designer wrote stays.
    const message = r.message === generatedMessage(label, r.mode) ? generatedMessage(label, mode) : r.message;
    update(i, {
      mode,
      message,
      pattern: mode === 'pattern' ? (r.pattern ?? '.*') : undefined,
      flags: mode === 'pattern' ? r.flags : undefined,
      value: ['min', 'max', 'len'].includes(mode) ? (r.value ?? 1) : undefined,
      type: mode === 'type' ? (r.type ?? types[0]) : r.type,
    });
  };

  return (
    <>
      <Divider plain>校验规则</Divider>
      {(field.required || field.fixed) && (
        <div style={{ marginBottom: 12 }}>
          <Typography.Text style={{ fontSize: 12 }}>必填提示</Typography.Text>
          <Space.Compact style={{ width: '100%', marginTop: 4 }}>
            <Input
              aria-label="必填提示"
              value={field.requiredMessage ?? ''}
              placeholder={fallbackRequired}
              maxLength={200}
              onChange={(e) => onChange({ ...field, requiredMessage: e.target.value || undefined })}
            />
            <Button onClick={() => onChange({ ...field, requiredMessage: RULE_MESSAGES.required(label) })}>生成</Button>
            <Button onClick={() => onChange({ ...field, requiredMessage: RULE_MESSAGES.autoRequired(label) })}>
              自动获取
            </Button>
          </Space.Compact>
        </div>
      )}
      {field.regList.map((r, i) => {
        const n = i + 1;
        return (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their order is their identity
            key={i}
            aria-label={`规则${n}`}
            style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, marginBottom: 8 }}
          >
            <Space wrap size={6} style={{ marginBottom: 6 }}>
              <Select
                aria-label={`规则${n}字段类型`}
                size="small"
                style={{ width: 108 }}
                value={r.type ?? ''}
                options={[
                  ...(r.mode === 'type' ? [] : [{ value: '', label: '不限类型' }]),
                  ...types.map((t) => ({ value: t, label: RULE_TYPE_NAMES[t] })),
                ]}
                onChange={(type: string) => update(i, { type: (type || undefined) as RuleType | undefined })}
              />
              <Select
                aria-label={`规则${n}触发方式`}
                size="small"
                style={{ width: 112 }}
                value={r.trigger ?? ''}
                options={[
                  { value: '', label: `默认（${RULE_TRIGGER_NAMES[own]}）` },
                  ...RULE_TRIGGERS.map((t) => ({ value: t, label: RULE_TRIGGER_NAMES[t] })),
                ]}
                onChange={(trigger: string) => update(i, { trigger: (trigger || undefined) as TRegRule['trigger'] })}
              />
              <Select
                aria-label={`规则${n}验证方式`}
                size="small"
                style={{ width: 100 }}
                value={r.mode}
                options={RULE_MODES.map((m) => ({ value: m, label: RULE_MODE_NAMES[m] }))}
                onChange={(mode: RuleMode) => changeMode(i, r, mode)}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`删除规则${n}`}
                onClick={() => set(field.regList.filter((_, j) => j !== i))}
              />
            </Space>
            {r.mode === 'pattern' && (
              <Space.Compact style={{ width: '100%', marginBottom: 6 }}>
                <Input
                  aria-label={`规则${n}正则`}
                  value={r.pattern ?? ''}
                  placeholder="正则表达式，如 ^\d{6}$"
                  onChange={(e) => update(i, { pattern: e.target.value || undefined })}
                />
                <Select
                  aria-label={`规则${n}修饰符`}
                  style={{ width: 110 }}
                  value={r.flags?.includes('i') ? 'i' : ''}
                  options={[
                    { value: '', label: '区分大小写' },
                    { value: 'i', label: '忽略大小写' },
                  ]}
                  onChange={(flags: string) => update(i, { flags: flags || undefined })}
                />
              </Space.Compact>
            )}
            {(r.mode === 'min' || r.mode === 'max' || r.mode === 'len') && (
              <InputNumber
                aria-label={`规则${n}${RULE_MODE_NAMES[r.mode]}`}
                style={{ width: '100%', marginBottom: 6 }}
                value={r.value}
                placeholder={RULE_MODE_NAMES[r.mode]}
                onChange={(v) => update(i, { value: v ?? undefined })}
              />
            )}
            <Space.Compact style={{ width: '100%' }}>
              <Input
                aria-label={`规则${n}提示`}
                value={r.message}
                maxLength={200}
                placeholder="不符合时的提示"
                onChange={(e) => update(i, { message: e.target.value })}
              />
              <Button onClick={() => update(i, { message: RULE_MESSAGES.autoMode(label) })}>自动获取</Button>
            </Space.Compact>
          </section>
        );
      })}
      {TEXT.has(field.type) ? (
        <Select
          aria-label="添加校验规则"
          placeholder="添加校验规则"
          style={{ width: '100%' }}
          value={null}
          options={[
            ...PRESETS.map((p) => ({ value: p.label, label: p.label })),
            { value: '自定义', label: '自定义规则' },
          ]}
          onChange={(name: string) => add(PRESETS.find((p) => p.label === name))}
        />
      ) : (
        types.length > 0 && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => add()}>
            添加校验规则
          </Button>
        )
      )}
    </>
  );
}
