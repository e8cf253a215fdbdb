import type { TFormField } from '@shetuan/shared/forms';

/** Where a form's files go: the public form's own upload (a visitor may use it), or the files service. */
export interface UploadTarget {
  path: string;
  fields?: Record<string, string>;
}

/** What every answer control gets: its question, its answer and how to change it. */
export interface KindProps<V = unknown> {
  field: TFormField;
  value?: V;
  onChange: (v: unknown) => void;
  id?: string;
  disabled?: boolean;
  /** The question's name where no label points at the control (a hidden label). */
  ariaLabel?: string;
  upload?: UploadTarget;
  /** The blur check of text and number questions (spec 002 §5). */
  onBlur?: () => void;
}
