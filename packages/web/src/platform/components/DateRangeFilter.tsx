import { Col, DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** A date range as a list query takes it: ISO dates (YYYY-MM-DD), either end open. */
export interface DateRange {
  from?: string;
  to?: string;
}

const DAY = 'YYYY-MM-DD';
const day = (text: string | undefined): Dayjs | null => (text ? dayjs(text) : null);

/**
 * The date filter of a list's filter card, as the columns of the card's `<Row gutter={16}>`: on a
 * desktop one RangePicker labelled `label` (`${id}-date`); on a phone two date pickers apart,
 * `${label}从` (`${id}-from`) and 至 (`${id}-to`), since the range picker's two months do not fit
 * 390 px. Either end may stay empty. `phone` is the caller's own decision, so the card's layout and
 * this filter switch together.
 */
export function DateRangeFilter({
  id,
  label,
  phone,
  value,
  onChange,
}: {
  /** The prefix of the pickers' ids, which their labels point at. */
  id: string;
  label: string;
  phone: boolean;
  value: DateRange;
  onChange: (range: DateRange) => void;
}) {
  const item = { style: { marginBottom: phone ? 12 : 16 } };
  if (phone)
    return (
      <>
        <Col xs={12}>
          <Form.Item label={`${label}从`} htmlFor={`${id}-from`} {...item}>
            <DatePicker
              id={`${id}-from`}
              style={{ width: '100%' }}
              placeholder="开始日期"
              inputReadOnly
              value={day(value.from)}
              onChange={(d) => onChange({ from: d ? d.format(DAY) : undefined, to: value.to })}
            />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item label="至" htmlFor={`${id}-to`} {...item}>
            <DatePicker
              id={`${id}-to`}
              style={{ width: '100%' }}
              placeholder="结束日期"
              inputReadOnly
              value={day(value.to)}
              onChange={(d) => onChange({ from: value.from, to: d ? d.format(DAY) : undefined })}
            />
          </Form.Item>
        </Col>
      </>
    );
  return (
    <Col xs={24} md={12} xl={10}>
      <Form.Item label={label} htmlFor={`${id}-date`} {...item}>
        <DatePicker.RangePicker
          id={{ start: `${id}-date` }}
          style={{ width: '100%' }}
          placeholder={['开始日期', '结束日期']}
          value={[day(value.from), day(value.to)]}
          allowEmpty={[true, true]}
          onChange={(range) =>
            onChange({ from: range?.[0]?.format(DAY) ?? undefined, to: range?.[1]?.format(DAY) ?? undefined })
          }
        />
      </Form.Item>
    </Col>
  );
}
