import type { TFieldOption } from '@shetuan/shared/forms';
import { Cascader } from 'antd';
import type { KindProps } from './types';

/** 级联选择 (CASCADER): the values from the top option down. */
export default function CascaderAnswer({
  field,
  value,
  onChange,
  disabled,
  id,
  ariaLabel,
}: KindProps<(string | number)[]>) {
  return (
    <Cascader
      id={id}
      aria-label={ariaLabel}
      value={value}
      placeholder={field.placeholder ?? '请选择'}
      options={(field.options ?? []) as TFieldOption[] as never}
      disabled={disabled}
      onChange={(v) => onChange(v ?? [])}
    />
  );
}
