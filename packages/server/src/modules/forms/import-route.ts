import { ok, ResultCode, ZEnvelope } from '@shetuan/shared';
import { FORMS_PAGES, IMPORT_TEXT_MAX, importFormText, ZFormImport } from '@shetuan/shared/forms';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { AppInstance } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { plainText } from '../../platform/richtext';
import { cleanField } from './clean';
import * as forms from './service';

const ZKey = z.object({ key: z.string().regex(/^[A-Za-z0-9]{6,40}$/, '表单不存在或已删除') });

/**
 * 导入 (docs/forms.md): the designer sends the old form as pasted; the answer is what the import
 * would add — the questions (rich text through the platform sanitiser, plain text without markup),
 * the show rules, the form options — and the list of what it could not carry. Nothing is saved:
 * the person confirms in the dialog and saves the design as usual. The form must be the caller's.
 */
export function importRoutes(app: AppInstance): void {
  const mine = callerTenant(app.db);
  app.post(
    '/project/forms/:key/import',
    {
      config: { permission: FORMS_PAGES.mine.edit },
      bodyLimit: IMPORT_TEXT_MAX * 4,
      schema: {
        tags: ['forms'],
        summary: '导入旧表单（form-create、TDuck）：读出可导入的题目与未能导入的内容，不保存',
        params: ZKey,
        body: z.object({ text: z.string({ error: '请粘贴要导入的内容' }).trim().min(1, '请粘贴要导入的内容') }),
        response: { 200: ZEnvelope(ZFormImport) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await mine(request, (tx) => forms.ownForm(tx, auth.tenantId, auth.userId, request.params.key));
      const result = importFormText(request.body.text);
      if (result.problem && result.notes.length === 0) throw new AppError(ResultCode.FAILED, result.problem);
      const settings = result.settings.submitText
        ? { ...result.settings, submitText: plainText(result.settings.submitText) || '提交' }
        : result.settings;
      return ok({ ...result, fields: result.fields.map(cleanField), settings }, result.problem ?? '读取成功');
    },
  );
}
