import { OTHER_OPTION_VALUE, type TFormField } from '@shetuan/shared/forms';
import { Checkbox, type InputProps, Radio, Space } from 'antd';
// Input and TextArea alone: antd's Input index brings Password, Search and OTP (docs/performance.md).
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { RichTextView } from '../../../platform/richtext/RichTextView';
import { Named, optionsOf } from './kinds/options';
import type { KindProps, UploadTarget } from './kinds/types';

export type { UploadTarget } from './kinds/types';

/**
 * The controls that only some forms have, each its own chunk, fetched when a question of its kind
 * first shows: a form of text boxes and choices (most of them) never downloads the date pickers,
 * the upload, the region and cascader pickers, the map, the table, the signature pad, the colour
 * picker, the drop-down select, the number box, the switch, the slider or the stars.
 * `preloadKinds` starts the downloads a schema needs as soon as it is known.
 */
const KIND_LOADERS = {
  SELECT: () => import('./kinds/SelectAnswer'),
  NUMBER_INPUT: () => import('./kinds/NumberAnswer'),
  SWITCH: () => import('./kinds/SwitchAnswer'),
  SLIDER: () => import('./kinds/SliderAnswer'),
  RATE: () => import('./kinds/RateAnswer'),
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
/** A drop-down with multiple is antd's Select; one value is the browser's own drop-down (SelectAnswer). */
const loadMultiSelect = () => import('./kinds/MultiSelectAnswer');
const loadPictures = () => import('./kinds/Pictures');
const loadDivider = () => import('antd/es/divider');

const LAZY_KINDS = new Map<LazyType, LazyExoticComponent<ComponentType<KindProps>>>(
  Object.entries(KIND_LOADERS).map(([type, load]) => [
    type as LazyType,
    lazy(load as () => Promise<{ default: ComponentType<KindProps> }>),
  ]),
);
const MultiSelect = lazy(loadMultiSelect);
const Pictures = lazy(loadPictures);
const Divider = lazy(loadDivider);

const isMultiSelect = (f: TFormField) => f.type === 'SELECT' && f.props.multiple === true;

/** Starts fetching the chunks of the controls these questions need (before they render). */
export function preloadKinds(fields: readonly TFormField[]): void {
  const types = new Set(fields.filter((f) => !isMultiSelect(f)).map((f) => f.type));
  if (fields.some(isMultiSelect)) void loadMultiSelect().catch(() => undefined);
  for (const type of types) {
    if (type in KIND_LOADERS) void KIND_LOADERS[type as LazyType]().catch(() => undefined);
    if (type === 'IMAGE' || type === 'IMAGE_CAROUSEL') void loadPictures().catch(() => undefined);
    if (type === 'DIVIDER') void loadDivider().catch(() => undefined);
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

/** The display-only types (nothing to answer). */
export function DisplayField({ field }: { field: TFormField }) {
  switch (field.type) {
    case 'DESC_TEXT':
      return <RichTextView html={field.props.content ?? ''} />;
    case 'DIVIDER':
      return (
        <Pending>
          <Divider>{field.props.text || undefined}</Divider>
        </Pending>
      );
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
  const Kind = isMultiSelect(field) ? MultiSelect : LAZY_KINDS.get(field.type as LazyType);
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
          onBlur={onBlur}
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
        <TextArea
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
    default:
      return null;
  }
}

/** Whether the 其他 option is among the chosen values. */
export function choseOther(field: TFormField, value: unknown): boolean {
  if (!field.props.allowOther) return false;
  const list = Array.isArray(value) ? value : [value];
  return list.some((v) => v !== undefined && v !== null && String(v) === String(OTHER_OPTION_VALUE));
}
