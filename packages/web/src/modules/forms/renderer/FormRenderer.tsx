import {
  DISPLAY_TYPES,
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
import { Button, Col, Form, Input, Row, Space, Steps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { choseOther, DisplayField, FieldControl, type UploadTarget } from './FieldControl';

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
  const [values, setValues] = useState<Record<string, unknown>>(start);
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
      onValuesChange={(_, all) => {
        setValues(all);
        onValuesChange?.(all);
      }}
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
        {current.map((f) => {
          if (!visible.has(f.id)) return null;
          if (DISPLAY_TYPES.has(f.type))
            return (
              <Col key={f.id} span={f.span}>
                <div style={{ marginBottom: 16 }}>
                  <DisplayField field={f} />
                </div>
              </Col>
            );
          const name = fieldName(f.id);
          const label = f.showLabel ? (s.showNumber ? `${numbers.get(f.id)}. ${f.label}` : f.label) : undefined;
          return (
            <Col key={f.id} span={f.span}>
              <Form.Item
                name={name}
                label={label}
                required={f.required || f.fixed}
                validateTrigger={BLUR_TYPES.has(f.type) ? 'onBlur' : 'onChange'}
                dependencies={f.props.allowOther ? [otherName(f.id)] : undefined}
                rules={[
                  {
                    validator: async (_, value) => {
                      const problem = fieldProblem(f, value, form.getFieldsValue(true));
                      if (problem && !(problem === '请输入其他内容')) throw new Error(problem);
                    },
                  },
                ]}
              >
                <FieldControl field={f} upload={upload} />
              </Form.Item>
              {choseOther(f, values[name]) && (
                <Form.Item
                  name={otherName(f.id)}
                  label={layout === 'horizontal' ? ' ' : undefined}
                  colon={false}
                  rules={[{ required: true, whitespace: true, message: '请输入其他内容' }]}
                >
                  <Input placeholder="请输入其他内容" maxLength={200} />
                </Form.Item>
              )}
            </Col>
          );
        })}
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
                setValues(start);
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
