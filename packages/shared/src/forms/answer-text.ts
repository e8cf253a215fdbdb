import { DISPLAY_TYPES, fieldName, otherName } from './model';
import type { TFormField, TFormSchema } from './schema';

/** One answer as text for a person to read (the print view, the answer detail). */
export function answerText(field: TFormField, value: unknown, values: Record<string, unknown>): string {
  if (value === undefined || value === null || value === '') return '';
  const label = (v: unknown) => {
    if (field.props.allowOther && String(v) === '0') return `其他：${String(values[otherName(field.id)] ?? '')}`;
    return field.options?.find((o) => String(o.value) === String(v))?.label ?? String(v);
  };
  switch (field.type) {
    case 'RADIO':
    case 'SELECT':
    case 'CHECKBOX':
    case 'IMAGE_SELECT':
      return (Array.isArray(value) ? value : [value]).map(label).join('、');
    case 'CASCADER': {
      let level = field.options ?? [];
      return (Array.isArray(value) ? value : [])
        .map((v) => {
          const hit = level.find((o) => String(o.value) === String(v));
          level = hit?.children ?? [];
          return hit?.label ?? String(v);
        })
        .join(' / ');
    }
    case 'SWITCH':
      return value === true ? '是' : '否';
    case 'UPLOAD':
      return (value as { name: string }[]).map((f) => f.name).join('、');
    case 'SIGN_PAD':
      return '已签名';
    case 'INPUT_MAP':
      return (value as { address?: string }).address ?? '';
    case 'PHONE_VERIFICATION':
      // A fill holds { phoneNumber, phoneToken }; a stored answer holds the number.
      return `${typeof value === 'string' ? value : ((value as { phoneNumber?: string }).phoneNumber ?? '')}（已验证）`;
    case 'DATE_RANGE':
    case 'TIME_RANGE':
      return (value as string[]).join(' 至 ');
    case 'TABLE_INPUT':
      return (value as Record<string, string>[]).map((r) => Object.values(r).join('，')).join('；');
    case 'RATE':
      return `${String(value)} 星`;
    default:
      return String(value);
  }
}

/** The answered questions in order, for the print view. */
export function answerLines(schema: TFormSchema, values: Record<string, unknown>) {
  return schema.fields
    .filter((f) => !DISPLAY_TYPES.has(f.type) && values[fieldName(f.id)] !== undefined)
    .map((f) => ({ id: f.id, label: f.label, text: answerText(f, values[fieldName(f.id)], values) }));
}
