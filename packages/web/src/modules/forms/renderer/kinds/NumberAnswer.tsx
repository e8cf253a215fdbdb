import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space } from 'antd';
import type { KindProps } from './types';

/**
 * A number (spec 002 'Number-field designer options'): the −/+ buttons on the right (antd's) or
 * one on each side (the old designer's default position), none when controls are off; with
 * stepStrictly a typed number snaps to the nearest multiple of the step as the box loses the focus.
 */
export default function NumberAnswer({ field, value, onChange, id, ariaLabel, disabled, onBlur }: KindProps) {
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
