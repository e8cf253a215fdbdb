import { Slider } from 'antd';
import type { KindProps } from './types';

/** 滑块 (SLIDER): a number between min and max. */
export default function SliderAnswer({ field, value, onChange, id, disabled, ariaLabel }: KindProps) {
  const p = field.props;
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
      onChange={onChange}
    />
  );
}
