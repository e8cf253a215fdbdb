import { ok, ResultCode, ZEnvelope, ZIdParam, ZPage } from '@shetuan/shared';
import {
  IDENTITY_PAGES,
  USER_LISTS,
  type UserListKey,
  type UserListKind,
  ZPasswordReset,
  ZUserCreate,
  ZUserListQuery,
  ZUserReview,
  ZUserRow,
  ZUserUpdate,
} from '@shetuan/shared/identity';
import { ZIdentityRoles } from '@shetuan/shared/rbac';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import { hashPassword } from '../../platform/auth/passwords';
import type { AppInstance } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { sendXlsx } from '../../platform/http/excel';
import { enqueueJob } from '../../platform/jobs';
import { setIdentityRoles } from '../../platform/rbac';
import * as admin from './admin-service';
import { USER_EXPORT_COLUMNS, USER_EXPORT_JOB } from './user-export';

const tags = ['identity'];
const ZNull = ZEnvelope(z.null());

/**
 * The user lists (USER_LISTS): /user-management, /user-audit, /social-user-management and
 * /enterprise-user-management are one set of routes each, permission-checked by their own menu.
 */
export async function identityAdminRoutes(app: AppInstance): Promise<void> {
  for (const kind of Object.values(USER_LISTS)) await userListRoutes(app, kind);
  await roleAssignmentRoutes(app);
}

async function userListRoutes(app: AppInstance, kind: UserListKind): Promise<void> {
  const { db } = app;
  const inTenant = callerTenant(db);
  const { page, api, title } = kind;

  app.get(
    api,
    {
      config: { permission: page.path },
      schema: {
        tags,
        summary: `${title}：列表`,
        querystring: ZUserListQuery,
        response: { 200: ZEnvelope(ZPage(ZUserRow)) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => admin.listUsers(tx, authOf(request).tenantId, kind, request.query))),
  );

  app.get(
    `${api}/export`,
    {
      config: { permission: page.export },
      schema: {
        tags,
        summary: `${title}：导出（xlsx）`,
        querystring: ZUserListQuery.omit({ current: true, pageSize: true }),
      },
    },
    async (request, reply) => {
      const rows = await inTenant(request, (tx) => admin.allUsers(tx, authOf(request).tenantId, kind, request.query));
      return sendXlsx(reply, `${title}`, '用户', USER_EXPORT_COLUMNS, rows);
    },
  );

  app.post(
    `${api}/export-jobs`,
    {
      config: { permission: page.export },
      schema: {
        tags,
        summary: `${title}：后台导出（进度见 /common/process）`,
        body: ZUserListQuery.omit({ current: true, pageSize: true }),
        response: { 200: ZEnvelope(z.object({ key: z.string() })) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const listKey = (Object.keys(USER_LISTS) as UserListKey[]).find((k) => USER_LISTS[k] === kind);
      const job = await inTenant(request, (tx) =>
        enqueueJob(tx, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          kind: USER_EXPORT_JOB,
          payload: { list: listKey, query: request.body },
        }),
      );
      return ok(job, '导出任务已开始');
    },
  );

  app.get(
    `${api}/:id`,
    {
      config: { permission: page.path },
      schema: { tags, summary: `${title}：详情`, params: ZIdParam, response: { 200: ZEnvelope(ZUserRow) } },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => admin.getUser(tx, authOf(request).tenantId, kind, request.params.id))),
  );

  if (kind.adds.length > 0) {
    const addKey = page.add;
    if (!addKey) throw new Error(`${page.path} adds people but declares no add function point`);
    app.post(
      api,
      {
        config: { permission: addKey },
        schema: {
          tags,
          summary: `${title}：新增（含一个身份）`,
          body: ZUserCreate,
          response: { 200: ZEnvelope(z.object({ userId: z.number(), existed: z.boolean() })) },
        },
      },
      async (request) => {
        const hash = await hashPassword(request.body.password);
        const created = await inTenant(request, (tx) =>
          admin.createUser(tx, authOf(request).tenantId, kind, request.body, hash),
        );
        return ok(created, created.existed ? '该手机号已注册，已将其加入本机构' : '新增成功，首次登录须修改密码');
      },
    );
  }

  if (kind.statuses.includes(2)) {
    app.post(
      `${api}/:id/review`,
      {
        config: { permission: page.edit },
        schema: { tags, summary: `${title}：审核`, params: ZIdParam, body: ZUserReview, response: { 200: ZNull } },
      },
      async (request) => {
        await inTenant(request, (tx) =>
          admin.reviewUser(tx, authOf(request).tenantId, kind, request.params.id, request.body),
        );
        return ok(null, request.body.approved ? '审核通过' : '已审核不通过');
      },
    );
    return;
  }

  app.put(
    `${api}/:id`,
    {
      config: { permission: page.edit },
      schema: {
        tags,
        summary: `${title}：修改（姓名、部门、启用）`,
        params: ZIdParam,
        body: ZUserUpdate,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) =>
        admin.updateUser(tx, authOf(request).tenantId, kind, request.params.id, request.body),
      );
      return ok(null, '保存成功');
    },
  );

  app.post(
    `${api}/:id/password`,
    {
      config: { permission: page.edit },
      schema: {
        tags,
        summary: `${title}：重置密码（下次登录须修改）`,
        params: ZIdParam,
        body: ZPasswordReset,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      const hash = await hashPassword(request.body.password);
      await inTenant(request, (tx) => admin.resetPassword(tx, authOf(request).tenantId, kind, request.params.id, hash));
      return ok(null, '密码已重置，该用户下次登录须修改密码');
    },
  );
}

async function roleAssignmentRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  app.put(
    '/identity/identities/:id/roles',
    {
      config: { permission: IDENTITY_PAGES.staff.edit },
      schema: {
        tags,
        summary: '为身份分配角色',
        params: ZIdParam,
        body: ZIdentityRoles,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await db.withTenant(auth.tenantId, async (tx) => {
        if (!(await admin.identityExists(tx, auth.tenantId, request.params.id)))
          throw new AppError(ResultCode.FAILED, '身份不存在');
        await setIdentityRoles(tx, auth.tenantId, request.params.id, request.body.roleIds);
      });
      return ok(null, '角色已分配');
    },
  );
}
