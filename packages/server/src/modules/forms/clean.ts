import type { TFieldOption, TFormField, TFormProjectSettings, TFormSchema, TFormTheme } from '@shetuan/shared/forms';
import { plainText, safeImageUrl, sanitizeRichText } from '../../platform/richtext';

const cleanOption = (o: TFieldOption): TFieldOption => ({
  ...o,
  label: plainText(o.label),
  ...(o.image !== undefined ? { image: safeImageUrl(o.image) } : {}),
  ...(o.children ? { children: o.children.map(cleanOption) } : {}),
});

export function cleanField(f: TFormField): TFormField {
  const p = f.props;
  return {
    ...f,
    label: plainText(f.label),
    ...(f.placeholder !== undefined ? { placeholder: plainText(f.placeholder) } : {}),
    ...(f.requiredMessage !== undefined ? { requiredMessage: plainText(f.requiredMessage) } : {}),
    regList: f.regList.map((r) => ({ ...r, message: plainText(r.message) })),
    ...(f.options ? { options: f.options.map(cleanOption) } : {}),
    props: {
      ...p,
      // The one rich text of a form: DESC_TEXT's content, shown as HTML on the public fill page.
      ...(p.content !== undefined ? { content: sanitizeRichText(p.content) } : {}),
      ...(p.images ? { images: p.images.map(safeImageUrl).filter(Boolean) } : {}),
      ...(p.text !== undefined ? { text: plainText(p.text) } : {}),
      // A column title must not end up empty (the schema wants at least one character).
      ...(p.columns ? { columns: p.columns.map((c, i) => plainText(c) || `第${i + 1}列`) } : {}),
    },
  };
}

/** A form schema as it may be stored: rich text cleaned, plain text without markup, safe images. */
export function cleanFormSchema(schema: TFormSchema): TFormSchema {
  return {
    ...schema,
    settings: { ...schema.settings, submitText: plainText(schema.settings.submitText) },
    fields: schema.fields.map(cleanField),
  };
}

export const cleanSettings = (s: TFormProjectSettings): TFormProjectSettings => ({
  ...s,
  thanksText: plainText(s.thanksText),
});

export const cleanTheme = (t: TFormTheme): TFormTheme => ({
  ...t,
  headImage: safeImageUrl(t.headImage),
  backgroundImage: safeImageUrl(t.backgroundImage),
});

/** Everything a form project stores that a page shows, cleaned on the way in (service writes). */
export function cleanFormWrite<
  T extends {
    name?: string;
    description?: string;
    schema?: TFormSchema;
    settings?: TFormProjectSettings;
    theme?: TFormTheme;
  },
>(values: T): T {
  return {
    ...values,
    ...(values.name !== undefined ? { name: plainText(values.name) || '未命名表单' } : {}),
    ...(values.description !== undefined ? { description: plainText(values.description) } : {}),
    ...(values.schema ? { schema: cleanFormSchema(values.schema) } : {}),
    ...(values.settings ? { settings: cleanSettings(values.settings) } : {}),
    ...(values.theme ? { theme: cleanTheme(values.theme) } : {}),
  };
}
