import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { OTHER_OPTION_VALUE, RATE_MAX, type TFormField } from '@shetuan/shared/forms';
import {
  Button,
  Checkbox,
  Divider,
  Input,
  InputNumber,
  type InputProps,
  Radio,
  Rate,
  Select,
  Slider,
  Space,
  Switch,
} from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { RichTextView } from '../../../platform/richtext/RichTextView';
import type { KindProps, UploadTarget } from './kinds/types';

export type { UploadTarget } from './kinds/types';

/**
 * The controls that only some forms have, each its own chunk, fetched when a question of its kind
 * first shows: a form of text boxes and choices (most of them) never downloads the date pickers,
 * the upload, the region and cascader pickers, the map, the table, the signature pad or the
 * colour picker. `preloadKinds` starts the downloads a schema needs as soon as it is known.
 */
const KIND_LOADERS = {
  UPLOAD: () => import('./kinds/UploadAnswer'),
  SIGN_PAD: () => import('./kinds/SignAnswer'),
  PROVINCE_CITY: () => import('./kinds/RegionAnswer'),
  INPUT_MAP: () => import('./kinds/MapAnswer'),
  PHONE_VERIFICATION: () => import('./kinds/PhoneAnswer'),
  TABLE_INPUT: () => import('./kinds/TableAnswer'),
  CASCADER: () => import('./kinds/CascaderAnswer'),
  COLOR: () => import('./kinds/ColorAnswer'),
  DATE: () => import('./kinds/DateAnswer'),
  DATE_RANGE: () => import('./kinds/DateAnswer'),
  TIME: () => import('./kinds/DateAnswer'),
  TIME_RANGE: () => import('./kinds/DateAnswer'),
} satisfies Partial<Record<TFormField['type'], () => Promise<{ default: ComponentType<KindProps<never>> }>>>;
type LazyType = keyof typeof KIND_LOADERS;
const loadPictures = () => import('./kinds/Pictures');

const LAZY_KINDS = new Map<LazyType, LazyExoticComponent<ComponentType<KindProps>>>(
  Object.entries(KIND_LOADERS).map(([type, load]) => [
    type as LazyType,
    lazy(load as () => Promise<{ default: ComponentType<KindProps> }>),
  ]),
);
const Pictures = lazy(loadPictures);

/** Starts fetching the chunks of the controls these questions need (before they render). */
export function preloadKinds(fields: readonly TFormField[]): void {
  const types = new Set(fields.map((f) => f.type));
  for (const type of types) {
    if (type in KIND_LOADERS) void KIND_LOADERS[type as LazyType]().catch(() => undefined);
    if (type === 'IMAGE' || type === 'IMAGE_CAROUSEL') void loadPictures().catch(() => undefined);
  }
}

/** While a control's chunk is on its way: a box of a text box's height, so nothing below jumps. */
function Pending({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div style={{ minHeight: 32 }} />}>{children}</Suspense>;
}

interface ControlProps {
  field: TFormField;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
  disabled?: boolean;
  upload?: UploadTarget;
  /** The question's name for a control no label points at (its label hidden, or the designer's canvas). */
  ariaLabel?: string;
  /** Form.Item's blur trigger (text and number checks run on blur). */
  onBlur?: () => void;
}

const optionsOf = (f: TFormField) => (f.options ?? []).map((o) => ({ value: o.value, label: o.label }));

/**
 * A text question's keyboard and autofill from its personal type: a phone number brings the
 * phone keypad (type and inputmode tel), an e-mail address the keyboard with @ (only the
 * inputmode: type email would trim what is typed under the cursor), a name or a company the
 * browser's autofill.
 */
const TEXT_INPUTS: Partial<Record<NonNullable<TFormField['personalType']>, InputProps>> = {
  mobile: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { inputMode: 'email', autoComplete: 'email' },
  fullname: { autoComplete: 'name' },
  company: { autoComplete: 'organization' },
};

/**
 * A group of choices named by the question where no label names it (antd's groups take no name):
 * a fieldset without its frame. Without a name, the choices as they are.
 */
function Named({ label, children }: { label?: string; children: ReactNode }) {
  if (!label) return children;
  return (
    <fieldset aria-label={label} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}

/** The display-only types (nothing to answer). */
export function DisplayField({ field }: { field: TFormField }) {
  switch (field.type) {
    case 'DESC_TEXT':
      return <RichTextView html={field.props.content ?? ''} />;
    case 'DIVIDER':
      return <Divider>{field.props.text || undefined}</Divider>;
    case 'IMAGE':
    case 'IMAGE_CAROUSEL':
      return (
        <Pending>
          <Pictures field={field} />
        </Pending>
      );
    default:
      return null;
  }
}

/** One answerable field's control: its value in the shape the schema stores (spec 002 §3). */
export function FieldControl({ field, value, onChange, id, disabled, upload, ariaLabel, onBlur }: ControlProps) {
  const p = field.props;
  const placeholder = field.placeholder;
  const set = (v: unknown) => onChange?.(v);
  const Kind = LAZY_KINDS.get(field.type as LazyType);
  if (Kind)
    return (
      <Pending>
        <Kind
          field={field}
          value={value}
          onChange={set}
          id={id}
          disabled={disabled}
          ariaLabel={ariaLabel}
          upload={upload}
        />
      </Pending>
    );
  switch (field.type) {
    case 'INPUT':
      return (
        <Input
          id={id}
          aria-label={ariaLabel}
          value={(value as string) ?? ''}
          placeholder={placeholder}
          maxLength={p.maxLength ?? 200}
          disabled={disabled}
          onBlur={onBlur}
          onChange={(e) => set(e.target.value)}
          {...(field.personalType ? TEXT_INPUTS[field.personalType] : undefined)}
        />
      );
    case 'TEXTAREA':
      return (
        <Input.TextArea
          id={id}
          aria-label={ariaLabel}
          value={(value as string) ?? ''}
          placeholder={placeholder}
          rows={p.rows ?? 4}
          maxLength={p.maxLength ?? 2000}
          showCount
          disabled={disabled}
          onBlur={onBlur}
          onChange={(e) => set(e.target.value)}
        />
      );
    case 'NUMBER_INPUT':
      return (
        <NumberAnswer
          field={field}
          value={value}
          onChange={set}
          id={id}
          ariaLabel={ariaLabel}
          disabled={disabled}
          onBlur={onBlur}
        />
      );
    case 'SELECT':
      return (
        <Select
          id={id}
          aria-label={ariaLabel}
          value={value as string | undefined}
          placeholder={placeholder ?? '请选择'}
          mode={p.multiple ? 'multiple' : undefined}
          options={optionsOf(field)}
          allowClear
          disabled={disabled}
          onChange={set}
        />
      );
    case 'RADIO':
      return (
        <Named label={ariaLabel}>
          <Radio.Group id={id} value={value} disabled={disabled} onChange={(e) => set(e.target.value)}>
            <Space direction="vertical">
              {optionsOf(field).map((o) => (
                <Radio key={String(o.value)} value={o.value}>
                  {o.label}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Named>
      );
    case 'CHECKBOX':
      return (
        <Named label={ariaLabel}>
          <Checkbox.Group value={(value as unknown[]) ?? []} disabled={disabled} onChange={(v) => set(v)}>
            <Space direction="vertical" id={id}>
              {optionsOf(field).map((o) => (
                <Checkbox key={String(o.value)} value={o.value}>
                  {o.label}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Named>
      );
    case 'IMAGE_SELECT':
      return (
        <Named label={ariaLabel}>
          <Checkbox.Group value={(value as unknown[]) ?? []} disabled={disabled} onChange={(v) => set(v)}>
            <Space wrap id={id}>
              {(field.options ?? []).map((o) => (
                <Checkbox key={String(o.value)} value={o.value}>
                  <Space direction="vertical" size={4} style={{ alignItems: 'center' }}>
                    {o.image && (
                      <img src={o.image} alt={o.label} style={{ width: 120, height: 90, objectFit: 'cover' }} />
                    )}
                    <span>{o.label}</span>
                  </Space>
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Named>
      );
    case 'SWITCH':
      return <Switch id={id} aria-label={ariaLabel} checked={value === true} disabled={disabled} onChange={set} />;
    case 'SLIDER':
      return (
        <Slider
          id={id}
          // The handle is the control: no label points at it, so it carries the question's name.
          ariaLabelForHandle={ariaLabel ?? field.label}
          value={(value as number) ?? p.min ?? 0}
          min={p.min ?? 0}
          max={p.max ?? 100}
          step={p.step ?? 1}
          disabled={disabled}
          onChange={set}
        />
      );
    case 'RATE':
      return (
        <Named label={ariaLabel}>
          <Rate id={id} value={(value as number) ?? 0} count={p.max ?? RATE_MAX} disabled={disabled} onChange={set} />
        </Named>
      );
    default:
      return null;
  }
}

/**
 * A number (spec 002 'Number-field designer options'): the −/+ buttons on the right (antd's) or
 * one on each side (the old designer's default position), none when controls are off; with
 * stepStrictly a typed number snaps to the nearest multiple of the step as the box loses the focus.
 */
function NumberAnswer({
  field,
  value,
  onChange,
  id,
  ariaLabel,
  disabled,
  onBlur,
}: {
  field: TFormField;
  value: unknown;
  onChange: (v: unknown) => void;
  id?: string;
  ariaLabel?: string;
  disabled?: boolean;
  onBlur?: () => void;
}) {
  const p = field.props;
  const step = p.step ?? 1;
  const current = typeof value === 'number' ? value : undefined;
  const clamp = (n: number) =>
    Math.min(p.max ?? Number.POSITIVE_INFINITY, Math.max(p.min ?? Number.NEGATIVE_INFINITY, n));
  const fix = (n: number) => Number(n.toFixed(10));
  const sides = p.controls !== false && p.controlsPosition === 'default';
  const input = (
    <InputNumber
      id={id}
      aria-label={ariaLabel}
      value={current}
      placeholder={field.placeholder}
      min={p.min}
      max={p.max}
      step={step}
      precision={p.precision}
      controls={p.controls !== false && !sides}
      disabled={disabled}
      style={{ width: '100%' }}
      onChange={(v) => onChange(v ?? undefined)}
      onBlur={() => {
        if (p.stepStrictly && current !== undefined && step > 0) {
          const snapped = fix(clamp(Math.round(current / step) * step));
          if (snapped !== current) onChange(snapped);
        }
        onBlur?.();
      }}
    />
  );
  if (!sides) return input;
  const move = (by: number) => onChange(fix(clamp((current ?? p.min ?? 0) + by)));
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Button
        aria-label="减少"
        icon={<MinusOutlined />}
        disabled={disabled || (current !== undefined && p.min !== undefined && current <= p.min)}
        onClick={() => move(-step)}
      />
      {input}
      <Button
        aria-label="增加"
        icon={<PlusOutlined />}
        disabled={disabled || (current !== undefined && p.max !== undefined && current >= p.max)}
        onClick={() => move(step)}
      />
    </Space.Compact>
  );
}

/** Whether the 其他 option is among the chosen values. */
export function choseOther(field: TFormField, value: unknown): boolean {
  if (!field.props.allowOther) return false;
  const list = Array.isArray(value) ? value : [value];
  return list.some((v) => v !== undefined && v !== null && String(v) === String(OTHER_OPTION_VALUE));
}
