import {
  type CheckMoment,
  DISPLAY_TYPES,
  FORM_MESSAGES,
  fieldName,
  fieldProblem,
  groupRows,
  initialValues,
  otherName,
  pagesOf,
  type TFormField,
  type TFormSchema,
  validateAnswers,
  visibleFieldIds,
} from '@shetuan/shared/forms';
import { Button, Flex, Grid } from 'antd';
// Input alone: antd's Input index brings Password, Search and OTP (docs/performance.md).
import Input from 'antd/es/input/Input';
import {
  type CSSProperties,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { AnswerStore, useAnswer } from './answer-store';
import { choseOther, DisplayField, FieldControl, preloadKinds, type UploadTarget } from './FieldControl';
import { FormLayout, FormRow } from './FormLayout';

/** The page steps of a form of several pages: a chunk of its own, which one-page forms never load. */
const Steps = lazy(() => import('antd/es/steps'));

/** How many questions paint first, and how many join each frame after that. */
const FIRST_BATCH = 16;
const NEXT_BATCH = 48;

/** The controls that report losing the focus (text and number checks run then, spec 002 §5). */
const BLUR_TYPES = new Set(['INPUT', 'TEXTAREA', 'NUMBER_INPUT']);

/** How a question shows its message (the form options showMessage and inlineMessage). */
interface MessageMode {
  show: boolean;
  inline: boolean;
}

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
 *
 * The answers live in an AnswerStore, not in antd's form store: a keystroke re-renders its own
 * question only, whatever the length of the form. antd's Form and Form.Item, without their field
 * store (FormLayout, FormRow), give the layout, the labels and the messages.
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
  const s = schema.settings;
  const start = useMemo(() => ({ ...initialValues(schema), ...(initial ?? {}) }), [schema, initial]);
  const [store] = useState(() => new AnswerStore(start));
  // Only the answers that decide what shows (rule conditions) are state here: typing in any other
  // question re-renders that question alone.
  const watchedNames = useMemo(() => {
    const names = new Set<string>();
    for (const rule of schema.logic) for (const c of rule.conditions) names.add(fieldName(c.formItemId));
    return names;
  }, [schema]);
  const pickWatched = useCallback(
    (all: Readonly<Record<string, unknown>>) => {
      const out: Record<string, unknown> = {};
      for (const n of watchedNames) out[n] = all[n];
      return out;
    },
    [watchedNames],
  );
  const [values, setValues] = useState<Record<string, unknown>>(() => pickWatched(start));
  const visible = useMemo(() => visibleFieldIds(schema, values), [schema, values]);
  const pages = useMemo(() => pagesOf(schema.fields), [schema.fields]);
  // The chunks of the controls this form needs (dates, uploads …) start now, not question by question.
  useEffect(() => preloadKinds(schema.fields), [schema.fields]);
  const [page, setPage] = useState(0);
  const wasVisible = useRef(visible);

  // A schema being edited (the designer's preview) brings new questions with their defaults.
  useEffect(() => {
    store.fillMissing(start);
    setValues(pickWatched(store.peek()));
  }, [store, start, pickWatched]);

  // A field that stops showing goes back to its default value (spec 002 §4) and loses its message.
  useEffect(() => {
    const reset: Record<string, unknown> = {};
    for (const f of schema.fields) {
      if (wasVisible.current.has(f.id) && !visible.has(f.id)) {
        reset[fieldName(f.id)] = f.defaultValue;
        store.setError(fieldName(f.id), undefined);
        if (f.props.allowOther) {
          reset[otherName(f.id)] = undefined;
          store.setError(otherName(f.id), undefined);
        }
      }
    }
    wasVisible.current = visible;
    if (Object.keys(reset).length > 0) {
      store.setMany(reset);
      setValues(pickWatched(store.peek()));
    }
  }, [visible, schema.fields, store, pickWatched]);

  /**
   * Checks one question (and its 其他 box when asked) at a moment: its own checks and each rule run
   * at their triggers (change, blur), everything on submit. Returns whether it passes.
   */
  const checkField = useCallback(
    (f: TFormField, withOther: boolean, moment: CheckMoment = 'submit'): boolean => {
      const all = store.peek();
      const name = fieldName(f.id);
      const problem = fieldProblem(f, all[name], all, moment);
      // The 其他 text has its own box and message.
      store.setError(name, problem && problem !== FORM_MESSAGES.other ? problem : undefined);
      let otherOk = true;
      if (f.props.allowOther) {
        const text = all[otherName(f.id)];
        const missing = choseOther(f, all[name]) && (typeof text !== 'string' || text.trim() === '');
        if (!missing) store.setError(otherName(f.id), undefined);
        else if (withOther) store.setError(otherName(f.id), FORM_MESSAGES.other);
        otherOk = !missing;
      }
      return !store.error(name) && (otherOk || !withOther);
    },
    [store],
  );

  // A person's change: the question runs its change checks (choices their own checks, any question
  // its rules with the change trigger), or all of them while it shows a message, so the message
  // goes as soon as the answer is right; the rules hear of the answers they watch, the page of every change.
  const latest = useRef({ watchedNames, onValuesChange, pickWatched });
  latest.current = { watchedNames, onValuesChange, pickWatched };
  const onChanged = useCallback(
    (f: TFormField, name: string, value: unknown) => {
      store.set(name, value);
      if (name === otherName(f.id)) checkField(f, true);
      else checkField(f, Boolean(store.error(otherName(f.id))), store.error(name) ? 'submit' : 'change');
      const l = latest.current;
      if (l.watchedNames.has(name)) setValues(l.pickWatched(store.peek()));
      l.onValuesChange?.(store.snapshot());
    },
    [store, checkField],
  );
  const onBlurred = useCallback((f: TFormField) => checkField(f, false, 'blur'), [checkField]);

  const numbers = useMemo(() => {
    const map = new Map<string, number>();
    let n = 0;
    for (const f of schema.fields) if (!DISPLAY_TYPES.has(f.type) && visible.has(f.id)) map.set(f.id, ++n);
    return map;
  }, [schema.fields, visible]);

  const formRef = useRef<HTMLDivElement>(null);
  /** Brings a question into view and gives its control the focus. */
  const focus = (name: string) => {
    // Every question of the page must be on the page to be found.
    flushSync(() => setShown(Number.POSITIVE_INFINITY));
    const el = document.getElementById(name) ?? formRef.current?.querySelector(`[data-question="${name}"]`);
    if (!(el instanceof HTMLElement)) return;
    el.scrollIntoView({ block: 'center' });
    const target = el.matches('input,textarea,select,button,[tabindex]')
      ? el
      : el.querySelector<HTMLElement>('input:not([disabled]),textarea,button,[tabindex]');
    target?.focus({ preventScroll: true });
  };

  /** Checks these fields; on failure focuses the first one in error. */
  const check = (fields: TFormField[]): boolean => {
    let first: string | undefined;
    for (const f of fields) {
      if (DISPLAY_TYPES.has(f.type) || !visible.has(f.id)) continue;
      if (!checkField(f, true) && !first) first = store.error(fieldName(f.id)) ? fieldName(f.id) : otherName(f.id);
    }
    if (first) focus(first);
    return !first;
  };

  const submit = async () => {
    if (!check(schema.fields)) return;
    const result = validateAnswers(schema, store.peek());
    const first = result.errors[0];
    if (first) {
      for (const e of result.errors) if (e.name) store.setError(e.name, e.message);
      if (first.name) focus(first.name);
      return;
    }
    await onSubmit?.(result.values);
  };

  // On a phone every label sits above its answer: a label beside it leaves a text box too narrow
  // to type in, and antd would wrap some questions and not others.
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false || (screens.sm === undefined && window.innerWidth < 576);
  const horizontal = s.labelPosition !== 'top' && !phone;
  // Stable props: FormLayout hands them to every FormRow through antd's form context, and a new object
  // would re-render every question.
  const labelCol = useMemo(
    () => (horizontal ? { flex: `0 0 ${s.labelWidth}px` } : undefined),
    [horizontal, s.labelWidth],
  );
  const wrapperCol = useMemo(() => (horizontal ? { flex: 1, style: { minWidth: 0 } } : undefined), [horizontal]);
  const current = pages[page] ?? [];
  const chunks = useMemo(() => chunksOf(current), [current]);
  const messages = useMemo<MessageMode>(
    () => ({ show: s.showMessage !== false, inline: s.inlineMessage === true }),
    [s.showMessage, s.inlineMessage],
  );
  const item = (f: TFormField, gutter: number) => (
    <FieldItem
      key={f.id}
      field={f}
      store={store}
      label={f.showLabel ? (s.showNumber ? `${numbers.get(f.id)}. ${f.label}` : f.label) : undefined}
      horizontal={horizontal}
      gutter={gutter}
      upload={upload}
      messages={messages}
      onChanged={onChanged}
      onBlurred={onBlurred}
    />
  );
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
    <div ref={formRef}>
      <FormLayout
        layout={horizontal ? 'horizontal' : 'vertical'}
        labelAlign={s.labelPosition === 'left' ? 'left' : 'right'}
        labelCol={labelCol}
        wrapperCol={wrapperCol}
        labelWrap
        size={s.size}
        disabled={disabled || s.disabled}
        requiredMark={!s.hideRequiredAsterisk}
      >
        {pages.length > 1 && (
          <Suspense fallback={<div style={{ minHeight: 32, marginBottom: 24 }} />}>
            <Steps
              size="small"
              current={page}
              items={pages.map((_, i) => ({ title: `第${i + 1}页` }))}
              style={{ marginBottom: 24 }}
            />
          </Suspense>
        )}
        {chunks
          .filter((c) => c.start < shown)
          .map((c) => (
            <div key={c.fields[0]?.id} style={chunkStyle(c.fields.length, s.gutter)}>
              {groupRows(c.fields.slice(0, shown - c.start)).map(({ field: f, children }) => {
                if (!visible.has(f.id)) return null;
                if (f.type !== 'ROW') return item(f, s.gutter);
                const gutter = f.props.gutter ?? s.gutter;
                return (
                  <RowContainer key={f.id} field={f} gutter={s.gutter}>
                    {children.map((child) => (visible.has(child.id) ? item(child, gutter) : null))}
                  </RowContainer>
                );
              })}
            </div>
          ))}
        <FormRow label={horizontal ? ' ' : undefined} colon={false}>
          {/* On a phone the buttons take the whole width, one under another: easy to reach with a thumb. */}
          <Flex gap={8} vertical={phone} wrap={!phone}>
            {page > 0 && (
              <Button block={phone} onClick={() => setPage((n) => n - 1)}>
                上一页
              </Button>
            )}
            {!last && (
              <Button
                type="primary"
                block={phone}
                onClick={() => {
                  if (check(current)) setPage((n) => n + 1);
                }}
              >
                下一页
              </Button>
            )}
            {last && (
              <Button
                type="primary"
                block={phone}
                loading={submitting}
                style={{ background: legible(s.submitColor), borderColor: legible(s.submitColor) }}
                onClick={() => void submit()}
              >
                {preview ? `${s.submitText}（预览）` : s.submitText}
              </Button>
            )}
            {s.showReset && (
              <Button
                block={phone}
                onClick={() => {
                  store.reset(start);
                  setValues(pickWatched(start));
                  setPage(0);
                }}
              >
                重置
              </Button>
            )}
          </Flex>
        </FormRow>
      </FormLayout>
    </div>
  );
}

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The submit button's colour as chosen, darkened just enough for its white text to read at WCAG
 * AA (4.5:1): antd's blue #1677ff, the schema's default, gives 4.1:1; the console's own theme uses
 * #0958d9 for the same reason.
 */
export function legible(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  let rgb = [m[1], m[2], m[3]].map((x) => Number.parseInt(x as string, 16));
  for (let i = 0; i < 30 && 1.05 / (luminance(rgb) + 0.05) < 4.5; i++) rgb = rgb.map((c) => Math.floor(c * 0.93));
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** How many questions a block holds at most (a block off the screen is skipped whole). */
const CHUNK = 20;

/**
 * The page's questions in blocks of about CHUNK, cut only where a line of the grid starts whatever
 * shows (before or after a full-width question), so blocks never change the layout. Off-screen
 * blocks are not laid out, painted or hit-tested (`content-visibility: auto`), and a keystroke
 * lays out its own block, not one flex container of every question.
 */
export function chunksOf(fields: TFormField[]): { start: number; fields: TFormField[] }[] {
  const out: { start: number; fields: TFormField[] }[] = [];
  let chunk: TFormField[] = [];
  let start = 0;
  fields.forEach((f, i) => {
    // A row container's questions stay in the block of their container.
    const lineStarts = (f.span === 24 || fields[i - 1]?.span === 24) && f.row === undefined;
    if (chunk.length >= CHUNK && lineStarts) {
      out.push({ start, fields: chunk });
      chunk = [];
      start = i;
    }
    chunk.push(f);
  });
  if (chunk.length) out.push({ start, fields: chunk });
  return out;
}

/** A block of questions: a wrapping grid row, skipped while off the screen (72 px a question). */
const chunkStyle = (count: number, gutter: number): CSSProperties => ({
  display: 'flex',
  flexWrap: 'wrap',
  marginInline: -gutter / 2,
  contentVisibility: 'auto',
  containIntrinsicSize: `auto ${count * 72}px`,
});

/** One grid cell of `span` (of 24) columns (the designer's canvas uses it too). */
export const cellStyle = (span: number, gutter: number): CSSProperties => ({
  flex: `0 0 ${(span / 24) * 100}%`,
  maxWidth: `${(span / 24) * 100}%`,
  paddingInline: gutter / 2,
  boxSizing: 'border-box',
});

const JUSTIFY = {
  start: 'flex-start',
  end: 'flex-end',
  center: 'center',
  'space-around': 'space-around',
  'space-between': 'space-between',
} as const;
const ALIGN = { top: 'flex-start', middle: 'center', bottom: 'flex-end' } as const;

/**
 * A row container (ROW, layout rowFormItem): a grid cell of its own span holding its questions in
 * one wrapping row, with its own spacing and alignment.
 */
export function RowContainer({ field, gutter, children }: { field: TFormField; gutter: number; children: ReactNode }) {
  const inner = field.props.gutter ?? gutter;
  return (
    <div style={cellStyle(field.span, gutter)}>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and a legend the old layout had not */}
      <div
        role="group"
        aria-label={field.label}
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          marginInline: -inner / 2,
          justifyContent: JUSTIFY[field.props.justify ?? 'start'],
          alignItems: ALIGN[field.props.align ?? 'top'],
        }}
      >
        {children}
      </div>
    </div>
  );
}

/** The message beside the answer (the form option inlineMessage) instead of under it. */
function withInlineMessage(control: ReactNode, message: string | undefined, id: string): ReactNode {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <div style={{ flex: 1, minWidth: 0 }}>{control}</div>
      {message && (
        <span id={`${id}_help`} role="alert" style={{ color: '#ff4d4f', flex: 'none', maxWidth: '50%' }}>
          {message}
        </span>
      )}
    </div>
  );
}

/**
 * One question: its label and message (FormRow: antd's Form.Item without its field store) around its control,
 * and the 其他 box. It listens to its own answer only; memoised, so nothing else re-renders it.
 * The message shows under the answer, beside it (inlineMessage), or not at all (showMessage off:
 * the answer turns red).
 */
const FieldItem = memo(function FieldItem({
  field: f,
  store,
  label,
  horizontal,
  gutter,
  upload,
  messages,
  onChanged,
  onBlurred,
}: {
  field: TFormField;
  store: AnswerStore;
  label: string | undefined;
  horizontal: boolean;
  gutter: number;
  upload: UploadTarget | undefined;
  messages: MessageMode;
  onChanged: (f: TFormField, name: string, value: unknown) => void;
  onBlurred: (f: TFormField) => void;
}) {
  const name = fieldName(f.id);
  const answer = useAnswer(store, name);
  const other = useAnswer(store, otherName(f.id));
  const style = useMemo(() => cellStyle(f.span, gutter), [f.span, gutter]);
  if (DISPLAY_TYPES.has(f.type))
    return (
      <div style={style}>
        <div style={{ marginBottom: 16 }}>
          <DisplayField field={f} />
        </div>
      </div>
    );
  const message = messages.show ? answer.error : undefined;
  const otherMessage = messages.show ? other.error : undefined;
  const control = (
    <FieldControl
      id={name}
      field={f}
      value={answer.value}
      upload={upload}
      ariaLabel={label === undefined ? f.label : undefined}
      onChange={(v) => onChanged(f, name, v)}
      onBlur={BLUR_TYPES.has(f.type) ? () => onBlurred(f) : undefined}
    />
  );
  const otherBox = (
    <Input
      id={otherName(f.id)}
      placeholder="请输入其他内容"
      maxLength={200}
      value={typeof other.value === 'string' ? other.value : ''}
      onChange={(e) => onChanged(f, otherName(f.id), e.target.value)}
    />
  );
  return (
    <div style={style} data-question={name}>
      <FormRow
        label={label}
        htmlFor={name}
        required={f.required || f.fixed}
        validateStatus={answer.error ? 'error' : undefined}
        help={messages.inline ? undefined : message}
      >
        {messages.inline ? withInlineMessage(control, message, name) : control}
      </FormRow>
      {choseOther(f, answer.value) && (
        <FormRow
          label={horizontal ? ' ' : undefined}
          colon={false}
          htmlFor={otherName(f.id)}
          validateStatus={other.error ? 'error' : undefined}
          help={messages.inline ? undefined : otherMessage}
        >
          {messages.inline ? withInlineMessage(otherBox, otherMessage, otherName(f.id)) : otherBox}
        </FormRow>
      )}
    </div>
  );
});
