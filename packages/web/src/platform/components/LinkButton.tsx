import { Button, type ButtonProps } from 'antd';

/** A row action that looks like a link and behaves like a button (keyboard, screen readers). */
export function LinkButton(props: ButtonProps) {
  return <Button type="link" size="small" style={{ paddingInline: 0 }} {...props} />;
}
