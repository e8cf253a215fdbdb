import {
  DISPLAY_TYPES,
  FORM_MESSAGES,
  fieldName,
  fieldProblem,
  initialValues,
  otherName,
  pagesOf,
  type TFormField,
  type TFormSchema,
  validateAnswers,
  visibleFieldIds,
} from '@shetuan/shared/forms';
import { Button, Col, Form, type FormInstance, Input, Row, Space, Steps } from 'antd';
import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { choseOther, DisplayField, FieldControl, type UploadTarget } from './FieldControl';

/** How many questions paint first, and how many join each frame after that. */
const FIRST_BATCH = 16;
const NEXT_BATCH = 48;

/** Regex and text rules check on blur; choices and pickers on change (spec 002 §5). */
const BLUR_TYPES = new Set(['INPUT', 'TEXTAREA', 'NUMBER_INPUT']);

export interface FormRendererProps {
  schema: TFormSchema;
  /** Answers to start from (a resumed draft); defaults otherwise. */
  initial?: Record<string, unknown> | null;
  /** Called with the answers of the fields that show, after the whole form validates. */
  onSubmit?: (values: Record<string, unknown>) => Promise<void> | void;
  /** Every change (for drafts). */
  onValuesChange?: (values: Record<string, unknown>) => void;
  upload?: UploadTarget;
  disabled?: boolean;
  submitting?: boolean;
  /** A preview in the designer: submitting only validates. */
  preview?: boolean;
}

/**
 * Renders any version of the schema (spec 002 §3–§5): show rules decide which fields show (a
 * hidden field goes back to its default and its rules no longer apply); multi-page forms go on
 * only when the page validates; a failed check focuses the first field in error; 其他 shows its
 * free-text box. The checks are the shared ones the server runs again.
 */
export function FormRenderer({
  schema,
  initial,
  onSubmit,
  onValuesChange,
  upload,
  disabled,
  submitting,
  preview,
}: FormRendererProps) {
  const [form] = Form.useForm();
  const s = schema.settings;
  const start = useMemo(() => ({ ...initialValues(schema), ...(initial ?? {}) }), [schema, initial]);
  // Only the answers that decide what shows (rule conditions, 其他) are state here: typing in any
  // other field re-renders that field alone.
  const watchedNames = useMemo(() => {
    const names = new Set<string>();
    for (const rule of schema.logic) for (const c of rule.conditions) names.add(fieldName(c.formItemId));
    for (const f of schema.fields) if (f.props.allowOther) names.add(fieldName(f.id));
    return names;
  }, [schema]);
  const pickWatched = (all: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const n of watchedNames) out[n] = all[n];
    return out;
  };
  const [values, setValues] = useState<Record<string, unknown>>(() => pickWatched(start));
  const visible = useMemo(() => visibleFieldIds(schema, values), [schema, values]);
  const pages = useMemo(() => pagesOf(schema.fields), [schema.fields]);
  const [page, setPage] = useState(0);
  const wasVisible = useRef(visible);

  // A field that stops showing goes back to its default value (spec 002 §4).
  useEffect(() => {
    const reset: Record<string, unknown> = {};
    for (const f of schema.fields) {
      if (wasVisible.current.has(f.id) && !visible.has(f.id)) {
        reset[fieldName(f.id)] = f.defaultValue;
        if (f.props.allowOther) reset[otherName(f.id)] = undefined;
      }
    }
    wasVisible.current = visible;
    if (Object.keys(reset).length > 0) {
      form.setFieldsValue(reset);
      setValues((v) => ({ ...v, ...reset }));
    }
  }, [visible, schema.fields, form]);

  // A person's change (not Form's onValuesChange, which rebuilds every value on each keystroke and is
  // slow on long forms): the watched answers update the rules, the page hears of every change.
  const latest = useRef({ watchedNames, onValuesChange, pickWatched });
  latest.current = { watchedNames, onValuesChange, pickWatched };
  const onChanged = useCallback(
    (name: string) => {
      const all = form.getFieldsValue(true) as Record<string, unknown>;
      const l = latest.current;
      if (l.watchedNames.has(name)) setValues(l.pickWatched(all));
      l.onValuesChange?.(all);
    },
    [form],
  );

  const numbers = useMemo(() => {
    const map = new Map<string, number>();
    let n = 0;
    for (const f of schema.fields) if (!DISPLAY_TYPES.has(f.type) && visible.has(f.id)) map.set(f.id, ++n);
    return map;
  }, [schema.fields, visible]);

  const namesOf = (fields: TFormField[]) =>
    fields
      .filter((f) => !DISPLAY_TYPES.has(f.type) && visible.has(f.id))
      .flatMap((f) =>
        choseOther(f, values[fieldName(f.id)]) ? [fieldName(f.id), otherName(f.id)] : [fieldName(f.id)],
      );

  /** Validates these fields; on failure focuses the first one in error. */
  const check = async (fields: TFormField[]): Promise<boolean> => {
    try {
      await form.validateFields(namesOf(fields));
      return true;
    } catch (err) {
      const first = (err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center', focus: true });
      return false;
    }
  };

  const submit = async () => {
    setShown(Number.POSITIVE_INFINITY);
    if (!(await check(schema.fields))) return;
    const all = form.getFieldsValue(true) as Record<string, unknown>;
    const result = validateAnswers(schema, all);
    if (result.errors.length > 0) {
      const first = result.errors[0];
      if (first) form.scrollToField(first.name, { block: 'center', focus: true });
      return;
    }
    await onSubmit?.(result.values);
  };

  const layout = s.labelPosition === 'top' ? 'vertical' : 'horizontal';
  const current = pages[page] ?? [];
  // Long pages arrive in steps: the first questions paint at once, the rest follow frame by frame.
  const [shown, setShown] = useState(FIRST_BATCH);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page starts with the first batch again
  useEffect(() => setShown(FIRST_BATCH), [page]);
  useEffect(() => {
    if (shown >= current.length) return;
    const frame = requestAnimationFrame(() => startTransition(() => setShown((n) => n + NEXT_BATCH)));
    return () => cancelAnimationFrame(frame);
  }, [shown, current.length]);
  const last = page >= pages.length - 1;

  return (
    <Form
      form={form}
      layout={layout}
      labelAlign={s.labelPosition === 'left' ? 'left' : 'right'}
      labelCol={layout === 'horizontal' ? { flex: `0 0 ${s.labelWidth}px` } : undefined}
      wrapperCol={layout === 'horizontal' ? { flex: 1, style: { minWidth: 0 } } : undefined}
      labelWrap
      size={s.size}
      disabled={disabled || s.disabled}
      initialValues={start}
    >
      {pages.length > 1 && (
        <Steps
          size="small"
          current={page}
          items={pages.map((_, i) => ({ title: `第${i + 1}页` }))}
          style={{ marginBottom: 24 }}
        />
      )}
      <Row gutter={s.gutter}>
        {current
          .slice(0, shown)
          .map((f) =>
            visible.has(f.id) ? (
              <FieldItem
                key={f.id}
                field={f}
                form={form}
                label={f.showLabel ? (s.showNumber ? `${numbers.get(f.id)}. ${f.label}` : f.label) : undefined}
                horizontal={layout === 'horizontal'}
                other={choseOther(f, values[fieldName(f.id)])}
                upload={upload}
                onChanged={onChanged}
              />
            ) : null,
          )}
      </Row>
      <Form.Item label={layout === 'horizontal' ? ' ' : undefined} colon={false}>
        <Space>
          {page > 0 && <Button onClick={() => setPage((n) => n - 1)}>上一页</Button>}
          {!last && (
            <Button
              type="primary"
              onClick={async () => {
                if (await check(current)) setPage((n) => n + 1);
              }}
            >
              下一页
            </Button>
          )}
          {last && (
            <Button
              type="primary"
              loading={submitting}
              style={{ background: s.submitColor, borderColor: s.submitColor }}
              onClick={() => void submit()}
            >
              {preview ? `${s.submitText}（预览）` : s.submitText}
            </Button>
          )}
          {s.showReset && (
            <Button
              onClick={() => {
                form.resetFields();
                setValues(pickWatched(start));
                setPage(0);
              }}
            >
              重置
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}

/**
 * Questions out of sight are not laid out or painted until they come near the screen, so a form of
 * hundreds of questions renders and types as fast as a short one (the size is a typical question's).
 */
const OFFSCREEN_CHEAP = { contentVisibility: 'auto', containIntrinsicSize: 'auto 72px' } as const;

/**
 * One question: its Form.Item with the shared check as the rule, and the 其他 box. Memoised: a
 * change elsewhere in the form (or a draft saved by the page) does not re-render it.
 */
const FieldItem = memo(function FieldItem({
  field: f,
  form,
  label,
  horizontal,
  other,
  upload,
  onChanged,
}: {
  field: TFormField;
  form: FormInstance;
  label: string | undefined;
  horizontal: boolean;
  other: boolean;
  upload: UploadTarget | undefined;
  onChanged: (name: string) => void;
}) {
  if (DISPLAY_TYPES.has(f.type))
    return (
      <Col span={f.span} style={OFFSCREEN_CHEAP}>
        <div style={{ marginBottom: 16 }}>
          <DisplayField field={f} />
        </div>
      </Col>
    );
  return (
    <Col span={f.span} style={OFFSCREEN_CHEAP}>
      <Form.Item
        name={fieldName(f.id)}
        label={label}
        required={f.required || f.fixed}
        validateTrigger={BLUR_TYPES.has(f.type) ? 'onBlur' : 'onChange'}
        dependencies={f.props.allowOther ? [otherName(f.id)] : undefined}
        rules={[
          {
            validator: async (_, value) => {
              const problem = fieldProblem(f, value, form.getFieldsValue(true));
              // The 其他 text has its own box and message.
              if (problem && problem !== FORM_MESSAGES.other) throw new Error(problem);
            },
          },
        ]}
      >
        {/* Form.Item calls this onChange after it has stored the value. */}
        <FieldControl field={f} upload={upload} onChange={() => onChanged(fieldName(f.id))} />
      </Form.Item>
      {other && (
        <Form.Item
          name={otherName(f.id)}
          label={horizontal ? ' ' : undefined}
          colon={false}
          rules={[{ required: true, whitespace: true, message: FORM_MESSAGES.other }]}
        >
          <Input placeholder="请输入其他内容" maxLength={200} onChange={() => onChanged(otherName(f.id))} />
        </Form.Item>
      )}
    </Col>
  );
});
