import { Form } from 'antd';
import type { ReactNode } from 'react';

/** InputNumber answers null when cleared; the flow keeps undefined (the schema's default or its message). */
export const num = (v: number | null) => (v === null ? undefined : v) as number;

/** A labelled control of a stage: antd's vertical form item, without a form field. */
export function Field({
  id,
  label,
  help,
  children,
}: {
  id: string;
  label: string;
  help?: string;
  children: ReactNode;
}) {
  return (
    <Form.Item label={label} htmlFor={id} help={help} style={{ marginBottom: 12 }}>
      {children}
    </Form.Item>
  );
}
