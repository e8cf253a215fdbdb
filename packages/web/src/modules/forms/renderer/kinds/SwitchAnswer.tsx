import { Switch } from 'antd';
import type { KindProps } from './types';

/** 开关 (SWITCH): true or false. */
export default function SwitchAnswer({ value, onChange, id, disabled, ariaLabel }: KindProps) {
  return <Switch id={id} aria-label={ariaLabel} checked={value === true} disabled={disabled} onChange={onChange} />;
}
