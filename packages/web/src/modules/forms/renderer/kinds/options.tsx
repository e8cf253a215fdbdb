import type { TFormField } from '@shetuan/shared/forms';
import type { ReactNode } from 'react';

/** A choice question's options as antd's controls take them. */
export const optionsOf = (f: TFormField) => (f.options ?? []).map((o) => ({ value: o.value, label: o.label }));

/**
 * A group of choices named by the question where no label names it (antd's groups take no name):
 * a fieldset without its frame. Without a name, the choices as they are.
 */
export function Named({ label, children }: { label?: string; children: ReactNode }) {
  if (!label) return children;
  return (
    <fieldset aria-label={label} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
