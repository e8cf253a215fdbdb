import { ok, ResultCode, UPLOAD_MESSAGES, ZEnvelope, ZPage, ZPageQuery } from '@shetuan/shared';
import {
  FORMS_PAGES,
  FormStatus,
  ZDeviceId,
  ZFieldDelete,
  ZFormAnswer,
  ZFormCreate,
  ZFormDetail,
  ZFormDraft,
  ZFormKind,
  ZFormKindCreate,
  ZFormKindKey,
  ZFormName,
  ZFormProjectSettings,
  ZFormRow,
  ZFormSchema,
  ZFormStats,
  ZFormSubmit,
  ZFormSubmitted,
  ZFormTheme,
  ZPublicForm,
  ZTemplateRow,
} from '@shetuan/shared/forms';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import { readUpload, storagesFromConfig, storeUpload } from '../../platform/files';
import type { AppInstance } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../platform/http/excel';
import { enqueueJob } from '../../platform/jobs';
import { tenantOfRequest } from '../../platform/tenancy/request-tenant';
import { deleteAnswer, formStats, listAnswers } from './answers';
import { ANSWER_EXPORT_JOB } from './export';
import {
  type Filler,
  ownerOf,
  publicForm,
  publicView,
  publishedSchema,
  readDraft,
  recordUpload,
  saveDraft,
  submitAnswer,
} from './fill';
import { importRoutes } from './import-route';
import * as forms from './service';

const tags = ['forms'];
const ZKey = z.object({ key: z.string().regex(/^[A-Za-z0-9]{6,40}$/, '表单不存在或已删除') });
const ZNull = ZEnvelope(z.null());
const ZFormListQuery = ZPageQuery.extend({ status: z.coerce.number().int().min(0).max(2).optional() });
const ZAnswerQuery = ZPageQuery.extend({
  from: z.iso.date({ error: '开始日期格式不正确' }).optional(),
  to: z.iso.date({ error: '结束日期格式不正确' }).optional(),
});

/**
 * The project form system (spec 001 §2.1, tduck-style): my forms, the recycle bin, templates,
 * the designer's saves, publishing, settings, theme, answers and statistics (all per person);
 * and the public fill page's calls (/s/{key}), which know a logged-in person when there is one.
 */
export async function formRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const storages = storagesFromConfig(app.config);
  const mine = callerTenant(db);
  importRoutes(app);

  app.get(
    '/project/forms',
    {
      config: { permission: FORMS_PAGES.mine.path },
      schema: { tags, summary: '我的表单', querystring: ZFormListQuery, response: { 200: ZEnvelope(ZPage(ZFormRow)) } },
    },
    async (request) =>
      ok(
        await mine(request, (tx) =>
          forms.listForms(tx, authOf(request).tenantId, authOf(request).userId, request.query, 'mine'),
        ),
      ),
  );

  const exportRoute = (path: string, permission: string, where: 'mine' | 'recycle', title: string) =>
    app.get(
      path,
      {
        config: { permission },
        schema: {
          tags,
          summary: `${title}：导出（xlsx）`,
          querystring: ZFormListQuery.omit({ current: true, pageSize: true }),
        },
      },
      async (request, reply) => {
        const page = await mine(request, (tx) =>
          forms.listForms(
            tx,
            authOf(request).tenantId,
            authOf(request).userId,
            { ...request.query, current: 1, pageSize: EXPORT_MAX_ROWS },
            where,
          ),
        );
        return sendXlsx(
          reply,
          title,
          '表单',
          [
            { header: '表单名称', width: 30, value: (r) => r.name },
            { header: '说明', width: 40, value: (r) => r.description },
            { header: '状态', width: 10, value: (r) => r.statusName },
            { header: '答卷数', width: 10, value: (r) => r.answerCount },
            { header: '填写地址', width: 30, value: (r) => `/new/s/${r.key}` },
            { header: '更新时间', width: 22, value: (r) => new Date(r.updatedAt) },
          ],
          page.records,
        );
      },
    );
  exportRoute('/project/forms/export', FORMS_PAGES.mine.export, 'mine', '我的表单');
  exportRoute('/project/recycle/export', FORMS_PAGES.recycle.export, 'recycle', '表单回收站');

  app.post(
    '/project/forms',
    {
      config: { permission: FORMS_PAGES.mine.add },
      schema: { tags, summary: '新建表单（空白或从模板）', body: ZFormCreate, response: { 200: ZEnvelope(ZFormRow) } },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await mine(request, async (tx) => {
        const from = request.body.templateKey
          ? await forms.templateSchema(tx, auth.tenantId, request.body.templateKey)
          : null;
        const created = await forms.createForm(tx, auth.tenantId, auth.userId, {
          ...request.body,
          schema: from?.schema,
          templateName: from?.name ?? '',
        });
        return forms.toRow(created, 0, await forms.kindNames(tx, auth.tenantId));
      });
      return ok(row, '创建成功');
    },
  );

  app.get(
    '/project/forms/:key',
    {
      config: { permission: FORMS_PAGES.mine.path },
      schema: {
        tags,
        summary: '表单详情（设计、设置、外观）',
        params: ZKey,
        response: { 200: ZEnvelope(ZFormDetail) },
      },
    },
    async (request) =>
      ok(
        await mine(request, async (tx) =>
          forms.toDetail(
            tx,
            await forms.ownForm(tx, authOf(request).tenantId, authOf(request).userId, request.params.key),
          ),
        ),
      ),
  );

  app.get(
    '/project/form-kinds',
    {
      config: { permission: FORMS_PAGES.mine.path },
      schema: {
        tags,
        summary: '表单类型（模块内置的与本单位自建的）',
        response: { 200: ZEnvelope(z.object({ list: z.array(ZFormKind) })) },
      },
    },
    async (request) => ok({ list: await mine(request, (tx) => forms.listKinds(tx, authOf(request).tenantId)) }),
  );
  app.post(
    '/project/form-kinds',
    {
      config: { permission: FORMS_PAGES.mine.add },
      schema: {
        tags,
        summary: '以本人的一个表单新建表单类型（所选题目成为固定题目）',
        body: ZFormKindCreate,
        response: { 200: ZEnvelope(ZFormKind) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await mine(request, (tx) => forms.createKind(tx, auth.tenantId, auth.userId, request.body)),
        '新增成功',
      );
    },
  );
  app.delete(
    '/project/form-kinds/:kind',
    {
      config: { permission: FORMS_PAGES.mine.delete },
      schema: {
        tags,
        summary: '删除本单位自建的表单类型（没有表单使用时）',
        params: z.object({ kind: ZFormKindKey }),
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await mine(request, (tx) => forms.deleteKind(tx, authOf(request).tenantId, request.params.kind));
      return ok(null, '删除成功');
    },
  );

  const edit = <S extends z.ZodType>(
    path: string,
    summary: string,
    body: S,
    change: (
      b: z.infer<S>,
      p: Awaited<ReturnType<typeof forms.ownForm>>,
      tx: Tx,
    ) => Parameters<typeof forms.updateForm>[2] | Promise<Parameters<typeof forms.updateForm>[2]>,
  ) =>
    app.put(
      `/project/forms/:key/${path}`,
      {
        config: { permission: FORMS_PAGES.mine.edit },
        schema: { tags, summary, params: ZKey, body, response: { 200: ZEnvelope(ZFormDetail) } },
      },
      async (request) => {
        const detail = await mine(request, async (tx) => {
          const p = await forms.ownForm(
            tx,
            authOf(request).tenantId,
            authOf(request).userId,
            (request.params as { key: string }).key,
          );
          return forms.toDetail(tx, await forms.updateForm(tx, p, await change(request.body as z.infer<S>, p, tx)));
        });
        return ok(detail, '保存成功');
      },
    );
  edit('schema', '保存表单设计（题目、逻辑、表单配置）', z.object({ schema: ZFormSchema }), async (b, p, tx) => ({
    schema: await forms.withKindFields(tx, p, b.schema),
  }));

  // The variants' field deletion (spec 002 §7): activity and membership designers send field
  // (membership also tenantId and hasCom); the expert mode ('z') has its own call.
  const deleteFieldRoute = (path: string, summary: string, kinds: string[]) =>
    app.post(
      `/project/forms/:key/${path}`,
      {
        config: { permission: FORMS_PAGES.mine.edit },
        schema: { tags, summary, params: ZKey, body: ZFieldDelete, response: { 200: ZEnvelope(ZFormDetail) } },
      },
      async (request) => {
        const auth = authOf(request);
        if (request.body.tenantId !== undefined && request.body.tenantId !== auth.tenantId)
          throw new AppError(ResultCode.FAILED, '租户信息不一致，请刷新页面后重试');
        const detail = await mine(request, async (tx) => {
          const p = await forms.ownForm(tx, auth.tenantId, auth.userId, request.params.key);
          if (!kinds.includes(p.kind)) throw new AppError(ResultCode.FAILED, '该表单的题目请在设计器中删除后保存');
          return forms.toDetail(tx, await forms.deleteField(tx, p, request.body.field));
        });
        return ok(detail, '删除成功');
      },
    );
  deleteFieldRoute('fields/delete', '删除题目（活动、会员、学会表单）', ['activity', 'membership', 'academy']);
  deleteFieldRoute('expert-fields/delete', '删除题目（专家表单）', ['expert']);
  edit('settings', '保存收集设置', z.object({ settings: ZFormProjectSettings }), (b) => ({ settings: b.settings }));
  edit('theme', '保存外观', z.object({ theme: ZFormTheme }), (b) => ({ theme: b.theme }));
  edit(
    'info',
    '修改名称与说明',
    z.object({ name: ZFormName, description: z.string().trim().max(500, '表单说明最多500字') }),
    (b) => b,
  );

  app.post(
    '/project/forms/:key/publish',
    {
      config: { permission: FORMS_PAGES.mine.edit },
      schema: {
        tags,
        summary: '发布（题目有改动时生成新版本）',
        params: ZKey,
        response: { 200: ZEnvelope(ZFormDetail) },
      },
    },
    async (request) => {
      const detail = await mine(request, async (tx) => {
        const p = await forms.ownForm(tx, authOf(request).tenantId, authOf(request).userId, request.params.key);
        return forms.toDetail(tx, await forms.publishForm(tx, p));
      });
      return ok(detail, '发布成功');
    },
  );

  app.post(
    '/project/forms/:key/stop',
    {
      config: { permission: FORMS_PAGES.mine.edit },
      schema: { tags, summary: '停止收集', params: ZKey, response: { 200: ZEnvelope(ZFormRow) } },
    },
    async (request) => {
      const row = await mine(request, async (tx) => {
        const p = await forms.ownForm(tx, authOf(request).tenantId, authOf(request).userId, request.params.key);
        if (p.status !== FormStatus.COLLECTING) throw new AppError(ResultCode.FAILED, '表单不在收集中');
        const stopped = await forms.updateForm(tx, p, { status: FormStatus.STOPPED });
        return forms.toRow(stopped, await forms.countAnswers(tx, stopped), await forms.kindNames(tx, p.tenantId));
      });
      return ok(row, '已停止收集');
    },
  );

  app.post(
    '/project/forms/:key/copy',
    {
      config: { permission: FORMS_PAGES.mine.add },
      schema: { tags, summary: '复制表单', params: ZKey, response: { 200: ZEnvelope(ZFormRow) } },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await mine(request, async (tx) => {
        const copy = await forms.copyForm(
          tx,
          await forms.ownForm(tx, auth.tenantId, auth.userId, request.params.key),
          auth.userId,
        );
        return forms.toRow(copy, 0, await forms.kindNames(tx, auth.tenantId));
      });
      return ok(row, '复制成功');
    },
  );

  app.delete(
    '/project/forms/:key',
    {
      config: { permission: FORMS_PAGES.mine.delete },
      schema: { tags, summary: '删除到回收站', params: ZKey, response: { 200: ZNull } },
    },
    async (request) => {
      await mine(request, async (tx) =>
        forms.moveToRecycle(
          tx,
          await forms.ownForm(tx, authOf(request).tenantId, authOf(request).userId, request.params.key),
        ),
      );
      return ok(null, '已移入回收站');
    },
  );

  app.get(
    '/project/recycle',
    {
      config: { permission: FORMS_PAGES.recycle.path },
      schema: { tags, summary: '回收站', querystring: ZPageQuery, response: { 200: ZEnvelope(ZPage(ZFormRow)) } },
    },
    async (request) =>
      ok(
        await mine(request, (tx) =>
          forms.listForms(tx, authOf(request).tenantId, authOf(request).userId, request.query, 'recycle'),
        ),
      ),
  );

  app.post(
    '/project/recycle/:key/restore',
    {
      config: { permission: FORMS_PAGES.recycle.edit },
      schema: { tags, summary: '从回收站恢复', params: ZKey, response: { 200: ZNull } },
    },
    async (request) => {
      await mine(request, async (tx) =>
        forms.restoreForm(
          tx,
          await forms.ownForm(tx, authOf(request).tenantId, authOf(request).userId, request.params.key, true),
        ),
      );
      return ok(null, '已恢复');
    },
  );

  app.delete(
    '/project/recycle/:key',
    {
      config: { permission: FORMS_PAGES.recycle.delete },
      schema: { tags, summary: '彻底删除（连同答卷）', params: ZKey, response: { 200: ZNull } },
    },
    async (request) => {
      await mine(request, async (tx) =>
        forms.purgeForm(
          tx,
          await forms.ownForm(tx, authOf(request).tenantId, authOf(request).userId, request.params.key, true),
        ),
      );
      return ok(null, '已彻底删除');
    },
  );

  app.get(
    '/project/templates',
    {
      config: { permission: FORMS_PAGES.template.path },
      schema: {
        tags,
        summary: '表单模板（内置与本单位）',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZTemplateRow)) },
      },
    },
    async (request) =>
      ok(await mine(request, (tx) => forms.listTemplates(tx, authOf(request).tenantId, request.query))),
  );

  app.get(
    '/project/templates/export',
    {
      config: { permission: FORMS_PAGES.template.export },
      schema: {
        tags,
        summary: '表单模板：导出（xlsx）',
        querystring: ZPageQuery.omit({ current: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const page = await mine(request, (tx) =>
        forms.listTemplates(tx, authOf(request).tenantId, { ...request.query, current: 1, pageSize: EXPORT_MAX_ROWS }),
      );
      return sendXlsx(
        reply,
        '表单模板',
        '模板',
        [
          { header: '模板名称', width: 30, value: (r) => r.name },
          { header: '来源', width: 10, value: (r) => (r.builtin ? '内置' : '本单位') },
          { header: '说明', width: 40, value: (r) => r.description },
          { header: '题目数', width: 10, value: (r) => r.fieldCount },
          { header: '更新时间', width: 22, value: (r) => (r.updatedAt ? new Date(r.updatedAt) : '') },
        ],
        page.records,
      );
    },
  );

  app.get(
    '/project/templates/:key',
    {
      config: { permission: FORMS_PAGES.template.path },
      schema: {
        tags,
        summary: '模板预览',
        params: z.object({ key: z.string().max(60) }),
        response: { 200: ZEnvelope(z.object({ name: z.string(), schema: ZFormSchema })) },
      },
    },
    async (request) =>
      ok(await mine(request, (tx) => forms.templatePreview(tx, authOf(request).tenantId, request.params.key))),
  );

  app.put(
    '/project/forms/:key/template',
    {
      config: { permission: FORMS_PAGES.template.add },
      schema: {
        tags,
        summary: '设为或取消本单位模板',
        params: ZKey,
        body: z.object({ isTemplate: z.boolean() }),
        response: { 200: ZEnvelope(ZFormRow) },
      },
    },
    async (request) => {
      const row = await mine(request, async (tx) => {
        const p = await forms.ownForm(tx, authOf(request).tenantId, authOf(request).userId, request.params.key);
        const changed = await forms.updateForm(tx, p, { isTemplate: request.body.isTemplate });
        return forms.toRow(changed, await forms.countAnswers(tx, changed), await forms.kindNames(tx, p.tenantId));
      });
      return ok(row, request.body.isTemplate ? '已设为模板' : '已取消模板');
    },
  );

  // Answers and statistics of one's own form.
  app.get(
    '/project/forms/:key/answers',
    {
      config: { permission: FORMS_PAGES.mine.path },
      schema: {
        tags,
        summary: '答卷列表（关键词、日期）',
        params: ZKey,
        querystring: ZAnswerQuery,
        response: { 200: ZEnvelope(ZPage(ZFormAnswer)) },
      },
    },
    async (request) =>
      ok(
        await mine(request, async (tx) =>
          listAnswers(
            tx,
            await forms.ownForm(tx, authOf(request).tenantId, authOf(request).userId, request.params.key),
            request.query,
          ),
        ),
      ),
  );

  app.delete(
    '/project/forms/:key/answers/:id',
    {
      config: { permission: FORMS_PAGES.mine.delete },
      schema: {
        tags,
        summary: '删除一份答卷',
        params: ZKey.extend({ id: z.coerce.number().int().positive('编号有误') }),
        response: { 200: ZNull },
      },
    },
    async (request) => {
      const done = await mine(request, async (tx) =>
        deleteAnswer(
          tx,
          await forms.ownForm(tx, authOf(request).tenantId, authOf(request).userId, request.params.key),
          request.params.id,
        ),
      );
      if (!done) throw new AppError(ResultCode.FAILED, '答卷不存在');
      return ok(null, '删除成功');
    },
  );

  app.post(
    '/project/forms/:key/answers/export-jobs',
    {
      config: { permission: FORMS_PAGES.mine.export },
      schema: {
        tags,
        summary: '导出答卷（后台任务，进度见 /common/process）',
        params: ZKey,
        body: ZAnswerQuery.omit({ current: true, pageSize: true }),
        response: { 200: ZEnvelope(z.object({ key: z.string() })) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const job = await mine(request, async (tx) => {
        const p = await forms.ownForm(tx, auth.tenantId, auth.userId, request.params.key);
        if (p.publishedVersion === 0) throw new AppError(ResultCode.FAILED, '表单尚未发布，没有答卷');
        return enqueueJob(tx, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          kind: ANSWER_EXPORT_JOB,
          payload: { key: p.key, query: request.body },
        });
      });
      return ok(job, '导出任务已开始');
    },
  );

  app.get(
    '/project/forms/:key/statistics',
    {
      config: { permission: FORMS_PAGES.mine.path },
      schema: { tags, summary: '统计', params: ZKey, response: { 200: ZEnvelope(ZFormStats) } },
    },
    async (request) =>
      ok(
        await mine(request, async (tx) => {
          const p = await forms.ownForm(tx, authOf(request).tenantId, authOf(request).userId, request.params.key);
          if (p.publishedVersion === 0) throw new AppError(ResultCode.FAILED, '表单尚未发布，暂无统计');
          return formStats(tx, p, await publishedSchema(tx, p));
        }),
      ),
  );

  // The public fill page (/s/{key}, /project/write): a visitor, or a logged-in person.
  const fillerOf = (request: FastifyRequest, deviceId: string | undefined): Filler => ({
    userId: request.auth?.userId ?? null,
    deviceId: deviceId ?? null,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  const inDomainTenant = async <T>(request: FastifyRequest, work: (tx: Tx, tenantId: number) => Promise<T>) => {
    const tenantId = request.auth?.tenantId ?? (await tenantOfRequest(db, request));
    return db.withTenant(tenantId, (tx) => work(tx, tenantId));
  };

  app.get(
    '/project/public/forms/:key',
    {
      config: { permission: 'optional' },
      schema: { tags, summary: '填写页：已发布的表单', params: ZKey, response: { 200: ZEnvelope(ZPublicForm) } },
    },
    async (request) =>
      ok(
        await inDomainTenant(request, async (tx, tenantId) =>
          publicView(tx, await publicForm(tx, tenantId, request.params.key)),
        ),
      ),
  );

  app.post(
    '/project/public/forms/:key/answers',
    {
      config: { permission: 'optional' },
      schema: {
        tags,
        summary: '提交答卷（服务端按同一版本校验）',
        params: ZKey,
        body: ZFormSubmit,
        response: { 200: ZEnvelope(ZFormSubmitted) },
      },
    },
    async (request) => {
      const filler = fillerOf(request, request.body.deviceId);
      const done = await inDomainTenant(request, (tx, tenantId) =>
        submitAnswer(tx, tenantId, request.params.key, filler, request.body),
      );
      return ok(
        { serial: done.serial, thanksText: done.settings.thanksText, redirectUrl: done.settings.redirectUrl },
        '提交成功',
      );
    },
  );

  app.get(
    '/project/public/forms/:key/draft',
    {
      config: { permission: 'optional' },
      schema: {
        tags,
        summary: '填写草稿（登录者跨设备，访客按设备）',
        params: ZKey,
        querystring: z.object({ deviceId: ZDeviceId }),
        response: { 200: ZEnvelope(z.record(z.string(), z.unknown()).nullable()) },
      },
    },
    async (request) => {
      const owner = ownerOf(fillerOf(request, request.query.deviceId));
      if (!owner) return ok(null);
      return ok(
        await inDomainTenant(request, async (tx, tenantId) =>
          readDraft(tx, await publicForm(tx, tenantId, request.params.key), owner),
        ),
      );
    },
  );

  app.put(
    '/project/public/forms/:key/draft',
    {
      config: { permission: 'optional' },
      schema: { tags, summary: '保存填写草稿', params: ZKey, body: ZFormDraft, response: { 200: ZNull } },
    },
    async (request) => {
      const owner = ownerOf(fillerOf(request, request.body.deviceId));
      if (!owner) throw new AppError(ResultCode.FAILED, '无法识别当前设备，草稿未保存');
      await inDomainTenant(request, async (tx, tenantId) =>
        saveDraft(tx, await publicForm(tx, tenantId, request.params.key), owner, request.body.values),
      );
      return ok(null, '草稿已保存');
    },
  );

  app.post(
    '/project/public/forms/:key/files',
    {
      config: { permission: 'optional' },
      schema: {
        tags,
        summary: '填写时上传附件或签名（multipart：file, deviceId）',
        params: ZKey,
        consumes: ['multipart/form-data'],
        response: { 200: ZEnvelope(z.object({ id: z.string(), name: z.string(), size: z.number() })) },
      },
    },
    async (request) => {
      const { fileName, data, field } = await readUpload(request);
      const deviceId = field('deviceId');
      const parsed = ZDeviceId.safeParse(deviceId);
      const filler = fillerOf(request, parsed.success ? parsed.data : undefined);
      const owner = ownerOf(filler);
      if (!owner) throw new AppError(ResultCode.FAILED, '无法识别当前设备，请刷新页面后再上传');
      const tenantId = request.auth?.tenantId ?? (await tenantOfRequest(db, request));
      const project = await db.withTenant(tenantId, (tx) => publicForm(tx, tenantId, request.params.key));
      if (project.publishedVersion === 0 || project.status !== FormStatus.COLLECTING)
        throw new AppError(ResultCode.FAILED, '表单不在收集中');
      const record = await storeUpload(
        db,
        storages,
        { tenantId, userId: filler.userId },
        {
          fileName,
          data,
          code: '012',
          isPress: false,
          rules: {},
        },
      );
      await db.withTenant(tenantId, (tx) => recordUpload(tx, project, owner, record.id));
      return ok({ id: String(record.id), name: fileName, size: record.fileSize }, UPLOAD_MESSAGES.success);
    },
  );

  app.get(
    '/project/public/forms/:key/result',
    {
      config: { permission: 'optional' },
      schema: { tags, summary: '公开结果（表单允许时）', params: ZKey, response: { 200: ZEnvelope(ZFormStats) } },
    },
    async (request) =>
      ok(
        await inDomainTenant(request, async (tx, tenantId) => {
          const p = await publicForm(tx, tenantId, request.params.key);
          if (!p.settings.publicResult || p.publishedVersion === 0)
            throw new AppError(ResultCode.FAILED, '该表单未公开结果');
          return formStats(tx, p, await publishedSchema(tx, p), true);
        }),
      ),
  );
}
