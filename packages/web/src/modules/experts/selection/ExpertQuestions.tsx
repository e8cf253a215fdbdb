import { answeredByProfile, type TPublishedExpertForm } from '@shetuan/shared/experts';
import type { TFormSchema } from '@shetuan/shared/forms';
import { useMemo } from 'react';
import { PRIMARY } from '../../../app/theme';
import { routePath } from '../../../app/typed-api';
import { FormRenderer } from '../../forms';

/**
 * The tenant's own questions (专家信息配置) as an expert answers them: the published version less
 * the kind's questions the profile already asks (姓名, 性别, 手机, 工作单位; the server answers
 * those from the profile), filled with the forms module's renderer. Its button is the page's own
 * 提交: it checks the questions, then `onSubmit` has the answers.
 */
export function ExpertQuestions({
  form,
  initial,
  submitText,
  submitting,
  preview,
  onSubmit,
}: {
  form: TPublishedExpertForm;
  initial?: Record<string, unknown> | null;
  submitText: string;
  submitting?: boolean;
  /** 专家信息配置's preview: submitting only checks. */
  preview?: boolean;
  onSubmit?: (answers: Record<string, unknown>) => Promise<void> | void;
}) {
  const schema = useMemo<TFormSchema>(
    () => ({
      ...form.schema,
      fields: form.schema.fields.filter((f) => !answeredByProfile(f)),
      settings: {
        ...form.schema.settings,
        submitText,
        showReset: false,
        // antd's default blue is too light for white text (WCAG AA); a colour the designer chose stays.
        submitColor: form.schema.settings.submitColor === '#1677ff' ? PRIMARY : form.schema.settings.submitColor,
      },
    }),
    [form.schema, submitText],
  );
  return (
    <FormRenderer
      schema={schema}
      initial={initial}
      onSubmit={onSubmit}
      submitting={submitting}
      preview={preview}
      upload={{ path: routePath('post', '/project/public/forms/{key}/files', { key: form.key }) }}
    />
  );
}
