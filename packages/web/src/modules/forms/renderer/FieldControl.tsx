import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type FileAnswer,
  OTHER_OPTION_VALUE,
  RATE_MAX,
  type TFieldOption,
  type TFormField,
  UPLOAD_DEFAULT_MB,
} from '@shetuan/shared/forms';
import {
  Button,
  Carousel,
  Cascader,
  Checkbox,
  ColorPicker,
  DatePicker,
  Divider,
  Image,
  Input,
  InputNumber,
  Radio,
  Rate,
  Select,
  Slider,
  Space,
  Switch,
  TimePicker,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { uploadWithProgress } from '../../../app/request';
import { type ApiData, routePath } from '../../../app/typed-api';
import { FileUpload } from '../../../platform/files/FileUpload';
import type { UploadedFile } from '../../../platform/files/types';
import { PhoneVerification, type PhoneVerificationValue } from '../../../platform/phone/PhoneVerification';
import { regionPath, useRegionTree } from '../../../platform/region/api';
import { RegionCascader } from '../../../platform/region/RegionCascader';
import { RichTextView } from '../../../platform/richtext/RichTextView';
import { MapLocation } from '../../../platform/widgets/MapLocation';
import { SignaturePad } from '../../../platform/widgets/SignaturePad';
import { TableInput } from '../../../platform/widgets/TableInput';

/** Where a form's files go: the public form's own upload (a visitor may use it), or the files service. */
export interface UploadTarget {
  path: string;
  fields?: Record<string, string>;
}
/** What either upload answers (multipart, so sent by uploadWithProgress, typed by the routes). */
type SignatureUpload = ApiData<'post', '/project/public/forms/{key}/files'> | ApiData<'post', '/systemfile/upload'>;

interface ControlProps {
  field: TFormField;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
  disabled?: boolean;
  upload?: UploadTarget;
  /** Form.Item's blur trigger (text and number checks run on blur). */
  onBlur?: () => void;
}

const DATE = 'YYYY-MM-DD';
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const TIME = 'HH:mm:ss';
const toDay = (v: unknown, f: string) => (typeof v === 'string' && v ? dayjs(v, f) : null);
const optionsOf = (f: TFormField) => (f.options ?? []).map((o) => ({ value: o.value, label: o.label }));

/** The display-only types (nothing to answer). */
export function DisplayField({ field }: { field: TFormField }) {
  switch (field.type) {
    case 'DESC_TEXT':
      return <RichTextView html={field.props.content ?? ''} />;
    case 'DIVIDER':
      return <Divider>{field.props.text || undefined}</Divider>;
    case 'IMAGE':
      return (field.props.images ?? []).length ? (
        <Image src={field.props.images?.[0]} alt={field.label} style={{ maxWidth: '100%' }} preview={false} />
      ) : null;
    case 'IMAGE_CAROUSEL':
      return (
        <Carousel autoplay>
          {(field.props.images ?? []).map((src) => (
            <div key={src}>
              <img src={src} alt={field.label} style={{ width: '100%', maxHeight: 320, objectFit: 'cover' }} />
            </div>
          ))}
        </Carousel>
      );
    default:
      return null;
  }
}

/** One answerable field's control: its value in the shape the schema stores (spec 002 §3). */
export function FieldControl({ field, value, onChange, id, disabled, upload, onBlur }: ControlProps) {
  const p = field.props;
  const placeholder = field.placeholder;
  const set = (v: unknown) => onChange?.(v);
  switch (field.type) {
    case 'INPUT':
      return (
        <Input
          id={id}
          value={(value as string) ?? ''}
          placeholder={placeholder}
          maxLength={p.maxLength ?? 200}
          disabled={disabled}
          onBlur={onBlur}
          onChange={(e) => set(e.target.value)}
        />
      );
    case 'TEXTAREA':
      return (
        <Input.TextArea
          id={id}
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
      return <NumberAnswer field={field} value={value} onChange={set} id={id} disabled={disabled} onBlur={onBlur} />;
    case 'SELECT':
      return (
        <Select
          id={id}
          value={value as string | undefined}
          placeholder={placeholder ?? '请选择'}
          mode={p.multiple ? 'multiple' : undefined}
          options={optionsOf(field)}
          allowClear
          disabled={disabled}
          onChange={set}
        />
      );
    case 'CASCADER':
      return (
        <Cascader
          id={id}
          value={value as (string | number)[] | undefined}
          placeholder={placeholder ?? '请选择'}
          options={(field.options ?? []) as TFieldOption[] as never}
          disabled={disabled}
          onChange={(v) => set(v ?? [])}
        />
      );
    case 'RADIO':
      return (
        <Radio.Group id={id} value={value} disabled={disabled} onChange={(e) => set(e.target.value)}>
          <Space direction="vertical">
            {optionsOf(field).map((o) => (
              <Radio key={String(o.value)} value={o.value}>
                {o.label}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      );
    case 'CHECKBOX':
      return (
        <Checkbox.Group value={(value as unknown[]) ?? []} disabled={disabled} onChange={(v) => set(v)}>
          <Space direction="vertical" id={id}>
            {optionsOf(field).map((o) => (
              <Checkbox key={String(o.value)} value={o.value}>
                {o.label}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      );
    case 'IMAGE_SELECT':
      return (
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
      );
    case 'SWITCH':
      return <Switch id={id} checked={value === true} disabled={disabled} onChange={set} />;
    case 'SLIDER':
      return (
        <Slider
          id={id}
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
        <Rate id={id} value={(value as number) ?? 0} count={p.max ?? RATE_MAX} disabled={disabled} onChange={set} />
      );
    case 'COLOR':
      return (
        <ColorPicker
          value={(value as string) || undefined}
          showText
          disabled={disabled}
          onChange={(c) => set(c.toHexString())}
        />
      );
    case 'DATE': {
      const fmt = p.withTime ? DATE_TIME : DATE;
      return (
        <DatePicker
          id={id}
          value={toDay(value, fmt)}
          showTime={p.withTime ? { format: TIME } : undefined}
          format={fmt}
          placeholder={placeholder ?? (p.withTime ? '请选择日期时间' : '请选择日期')}
          disabled={disabled}
          style={{ width: '100%' }}
          onChange={(d: Dayjs | null) => set(d ? d.format(fmt) : undefined)}
        />
      );
    }
    case 'DATE_RANGE': {
      const fmt = p.withTime ? DATE_TIME : DATE;
      const [a, b] = Array.isArray(value) ? value : [];
      return (
        <DatePicker.RangePicker
          id={id}
          value={[toDay(a, fmt), toDay(b, fmt)]}
          showTime={p.withTime ? { format: TIME } : undefined}
          format={fmt}
          disabled={disabled}
          style={{ width: '100%' }}
          onChange={(r) => set(r?.[0] && r[1] ? [r[0].format(fmt), r[1].format(fmt)] : undefined)}
        />
      );
    }
    case 'TIME':
      return (
        <TimePicker
          id={id}
          value={toDay(value, TIME)}
          format={TIME}
          placeholder={placeholder ?? '请选择时间'}
          disabled={disabled}
          style={{ width: '100%' }}
          onChange={(d: Dayjs | null) => set(d ? d.format(TIME) : undefined)}
        />
      );
    case 'TIME_RANGE': {
      const [a, b] = Array.isArray(value) ? value : [];
      return (
        <TimePicker.RangePicker
          id={id}
          value={[toDay(a, TIME), toDay(b, TIME)]}
          format={TIME}
          disabled={disabled}
          style={{ width: '100%' }}
          onChange={(r) => set(r?.[0] && r[1] ? [r[0].format(TIME), r[1].format(TIME)] : undefined)}
        />
      );
    }
    case 'UPLOAD':
      return (
        <UploadAnswer
          field={field}
          value={value as FileAnswer[]}
          onChange={set}
          disabled={disabled}
          upload={upload}
          id={id}
        />
      );
    case 'SIGN_PAD':
      return <SignAnswer value={value as FileAnswer | undefined} onChange={set} disabled={disabled} upload={upload} />;
    case 'PROVINCE_CITY':
      return (
        <RegionAnswer
          value={value as string[] | undefined}
          onChange={set}
          disabled={disabled}
          id={id}
          level={p.level ?? 3}
        />
      );
    case 'INPUT_MAP':
      return <MapLocation id={id} value={value as never} onChange={set} disabled={disabled} />;
    case 'PHONE_VERIFICATION':
      return (
        <PhoneVerification
          id={id}
          value={value as PhoneVerificationValue | undefined}
          onChange={set}
          disabled={disabled}
        />
      );
    case 'TABLE_INPUT':
      return (
        <TableInput
          id={id}
          value={value as Record<string, string>[] | undefined}
          onChange={set}
          columns={p.columns}
          initialRows={p.initialRows}
          disabled={disabled}
        />
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
  disabled,
  onBlur,
}: {
  field: TFormField;
  value: unknown;
  onChange: (v: unknown) => void;
  id?: string;
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

function UploadAnswer({
  field,
  value,
  onChange,
  disabled,
  upload,
  id,
}: {
  field: TFormField;
  value?: FileAnswer[];
  onChange: (v: unknown) => void;
  disabled?: boolean;
  upload?: UploadTarget;
  id?: string;
}) {
  const files: UploadedFile[] = (value ?? []).map((f) => ({
    id: Number(f.id),
    name: f.name,
    url: '',
    filePath: '',
    fileSize: f.size ?? 0,
  }));
  return (
    <FileUpload
      id={id}
      value={files}
      disabled={disabled}
      uploadTo={upload}
      maxCount={field.props.limit ?? 1}
      maxSizeMB={field.props.maxSizeMb ?? UPLOAD_DEFAULT_MB}
      accept={field.props.accept}
      imagesOnly={field.personalType === 'portrait'}
      onChange={(list) => onChange(list.map((f) => ({ id: String(f.id), name: f.name, size: f.fileSize })))}
    />
  );
}

function SignAnswer({
  value,
  onChange,
  disabled,
  upload,
}: {
  value?: FileAnswer;
  onChange: (v: unknown) => void;
  disabled?: boolean;
  upload?: UploadTarget;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  });
  return (
    <SignaturePad
      value={value ?? null}
      preview={preview}
      disabled={disabled}
      onClear={() => onChange(undefined)}
      onSign={async (png) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(upload?.fields ?? {})) form.append(k, v);
        if (!upload) form.append('code', '012');
        form.append('file', png, 'signature.png');
        const rec = await uploadWithProgress<SignatureUpload>(
          upload?.path ?? routePath('post', '/systemfile/upload'),
          form,
          () => undefined,
        );
        setPreview(URL.createObjectURL(png));
        onChange({ id: String(rec.id), name: 'signature.png', size: 'size' in rec ? rec.size : rec.fileSize });
      }}
    />
  );
}

function RegionAnswer({
  value,
  onChange,
  disabled,
  id,
  level,
}: {
  value?: string[];
  onChange: (v: unknown) => void;
  disabled?: boolean;
  id?: string;
  level: number;
}) {
  const tree = useRegionTree();
  return (
    <RegionCascader
      id={id}
      value={value?.at(-1) ?? null}
      anyLevel={level < 3}
      disabled={disabled}
      onChange={(code) => {
        if (!code || !tree.data) return onChange(undefined);
        onChange(regionPath(tree.data, code).slice(0, level));
      }}
    />
  );
}
