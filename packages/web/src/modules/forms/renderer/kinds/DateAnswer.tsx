import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { KindProps } from './types';

const DATE = 'YYYY-MM-DD';
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const TIME = 'HH:mm:ss';
const toDay = (v: unknown, f: string) => (typeof v === 'string' && v ? dayjs(v, f) : null);

/** The dates and times (DATE, DATE_RANGE, TIME, TIME_RANGE): text in the schema's formats. */
export default function DateAnswer({ field, value, onChange, disabled, id, ariaLabel }: KindProps) {
  const p = field.props;
  const placeholder = field.placeholder;
  switch (field.type) {
    case 'DATE': {
      const fmt = p.withTime ? DATE_TIME : DATE;
      return (
        <DatePicker
          id={id}
          aria-label={ariaLabel}
          value={toDay(value, fmt)}
          showTime={p.withTime ? { format: TIME } : undefined}
          format={fmt}
          placeholder={placeholder ?? (p.withTime ? '请选择日期时间' : '请选择日期')}
          disabled={disabled}
          style={{ width: '100%' }}
          onChange={(d: Dayjs | null) => onChange(d ? d.format(fmt) : undefined)}
        />
      );
    }
    case 'DATE_RANGE': {
      const fmt = p.withTime ? DATE_TIME : DATE;
      const [a, b] = Array.isArray(value) ? value : [];
      return (
        <DatePicker.RangePicker
          id={id}
          aria-label={ariaLabel}
          value={[toDay(a, fmt), toDay(b, fmt)]}
          showTime={p.withTime ? { format: TIME } : undefined}
          format={fmt}
          disabled={disabled}
          style={{ width: '100%' }}
          onChange={(r) => onChange(r?.[0] && r[1] ? [r[0].format(fmt), r[1].format(fmt)] : undefined)}
        />
      );
    }
    case 'TIME':
      return (
        <TimePicker
          id={id}
          aria-label={ariaLabel}
          value={toDay(value, TIME)}
          format={TIME}
          placeholder={placeholder ?? '请选择时间'}
          disabled={disabled}
          style={{ width: '100%' }}
          onChange={(d: Dayjs | null) => onChange(d ? d.format(TIME) : undefined)}
        />
      );
    case 'TIME_RANGE': {
      const [a, b] = Array.isArray(value) ? value : [];
      return (
        <TimePicker.RangePicker
          id={id}
          aria-label={ariaLabel}
          value={[toDay(a, TIME), toDay(b, TIME)]}
          format={TIME}
          disabled={disabled}
          style={{ width: '100%' }}
          onChange={(r) => onChange(r?.[0] && r[1] ? [r[0].format(TIME), r[1].format(TIME)] : undefined)}
        />
      );
    }
    default:
      return null;
  }
}
