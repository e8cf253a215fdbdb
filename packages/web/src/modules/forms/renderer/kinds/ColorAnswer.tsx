import { ColorPicker } from 'antd';
import type { KindProps } from './types';

/** 颜色选择 (COLOR): a colour as #rrggbb. */
export default function ColorAnswer({ value, onChange, disabled }: KindProps<string>) {
  return (
    <ColorPicker value={value || undefined} showText disabled={disabled} onChange={(c) => onChange(c.toHexString())} />
  );
}
