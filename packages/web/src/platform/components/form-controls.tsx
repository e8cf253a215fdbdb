import { Radio, type RadioGroupProps, Select, type SelectProps, TreeSelect, type TreeSelectProps } from 'antd';

/**
 * antd's Select, TreeSelect and Radio.Group for use inside a Form.Item. Form.Item marks a required
 * control with aria-required, which these put on an element whose role does not allow it (a
 * critical axe-core violation, aria-allowed-attr); the label's mark and the rule's message still
 * say it is required. Use these in forms instead of stripping the attribute screen by screen.
 */
function withoutAriaRequired<P extends object>(props: P): P {
  const { 'aria-required': _required, ...rest } = props as P & { 'aria-required'?: unknown };
  return rest as P;
}

export function FormSelect<V = unknown>(props: SelectProps<V>) {
  return <Select<V> {...withoutAriaRequired(props)} />;
}

export function FormTreeSelect<V = unknown>(props: TreeSelectProps<V>) {
  return <TreeSelect<V> {...withoutAriaRequired(props)} />;
}

export function FormRadioGroup(props: RadioGroupProps) {
  return <Radio.Group {...withoutAriaRequired(props)} />;
}
