import { Select } from 'antd';
import { optionsOf } from './options';
import type { KindProps } from './types';

/** 下拉选择 (SELECT): one value, or a list with multiple. */
export default function SelectAnswer({ field, value, onChange, id, disabled, ariaLabel }: KindProps) {
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      value={value as string | undefined}
      placeholder={field.placeholder ?? '请选择'}
      mode={field.props.multiple ? 'multiple' : undefined}
      options={optionsOf(field)}
      allowClear
      disabled={disabled}
      onChange={onChange}
    />
  );
}
