import { ColorPicker } from 'antd';

/** A colour as the schema keeps it: #rrggbb, no transparency. */
export function HexColorPicker({ value, onChange }: { value: string; onChange: (hex: string) => void }) {
  return <ColorPicker value={value} disabledAlpha showText onChange={(c) => onChange(c.toHexString().slice(0, 7))} />;
}
