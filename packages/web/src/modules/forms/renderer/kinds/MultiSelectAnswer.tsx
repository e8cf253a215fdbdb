import { Select } from 'antd';
import { optionsOf } from './options';
import type { KindProps } from './types';

/**
 * 下拉选择 (SELECT) with multiple: antd's Select, its chosen values as tags. A single choice is
 * SelectAnswer, the browser's own drop-down.
 */
export default function MultiSelectAnswer({ field, value, onChange, id, disabled, ariaLabel }: KindProps) {
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      value={value as string[] | undefined}
      placeholder={field.placeholder ?? '请选择'}
      mode="multiple"
      options={optionsOf(field)}
      allowClear
      disabled={disabled}
      onChange={onChange}
    />
  );
}
