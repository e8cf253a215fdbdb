import { ok, ResultCode, ZEnvelope, ZIdParam, ZPage, ZPageQuery } from '@shetuan/shared';
import { ZPasswordReset, ZUserCreate, ZUserRow, ZUserUpdate } from '@shetuan/shared/identity';
import { ZIdentityRoles } from '@shetuan/shared/rbac';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../../platform/auth/context';
import { hashPassword } from '../../platform/auth/passwords';
import type { AppInstance } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { sendXlsx } from '../../platform/http/excel';
import { setIdentityRoles } from '../../platform/rbac';
import * as admin from './admin-service';

const authOf = (r: FastifyRequest) => r.auth as AuthContext;
const tags = ['identity'];

/** /user-management: the people of the tenant, their identities, and the roles of each. */
export async function identityAdminRoutes(app: AppInstance): Promise<void> {
  const { db } = app;

  app.get(
    '/identity/users',
    {
      config: { permission: '/user-management' },
      schema: { tags, summary: '用户列表', querystring: ZPageQuery, response: { 200: ZEnvelope(ZPage(ZUserRow)) } },
    },
    async (request) => ok(await db.withTenant(authOf(request).tenantId, (tx) => admin.listUsers(tx, request.query))),
  );

  app.get(
    '/identity/users/export',
    {
      config: { permission: '/user-management:export' },
      schema: { tags, summary: '导出用户（xlsx）', querystring: ZPageQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      const rows = await db.withTenant(authOf(request).tenantId, (tx) => admin.allUsers(tx, request.query.keyword));
      return sendXlsx(
        reply,
        '用户列表',
        '用户',
        [
          { header: '姓名', width: 14, value: (r) => r.name },
          { header: '手机号', width: 16, value: (r) => r.mobile },
          { header: '账号', width: 14, value: (r) => r.account },
          {
            header: '身份',
            width: 40,
            value: (r) => r.identities.map((i) => `${i.identityName}（${i.orgName || '—'}）`).join('；'),
          },
          {
            header: '角色',
            width: 30,
            value: (r) => [...new Set(r.identities.flatMap((i) => i.roles.map((x) => x.name)))].join('、'),
          },
          { header: '状态', width: 8, value: (r) => (r.status === 1 ? '正常' : '停用') },
          { header: '加入时间', width: 22, value: (r) => new Date(r.createdAt) },
        ],
        rows,
      );
    },
  );

  app.post(
    '/identity/users',
    {
      config: { permission: '/user-management:add' },
      schema: {
        tags,
        summary: '新增用户（含一个身份）',
        body: ZUserCreate,
        response: { 200: ZEnvelope(z.object({ userId: z.number(), existed: z.boolean() })) },
      },
    },
    async (request) => {
      const hash = await hashPassword(request.body.password);
      const created = await db.withTenant(authOf(request).tenantId, (tx) =>
        admin.createUser(tx, authOf(request).tenantId, request.body, hash),
      );
      return ok(created, created.existed ? '该手机号已注册，已将其加入本机构' : '新增成功，首次登录须修改密码');
    },
  );

  app.put(
    '/identity/users/:id',
    {
      config: { permission: '/user-management:edit' },
      schema: {
        tags,
        summary: '修改用户（姓名、启用）',
        params: ZIdParam,
        body: ZUserUpdate,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      await db.withTenant(authOf(request).tenantId, (tx) => admin.updateUser(tx, request.params.id, request.body));
      return ok(null, '保存成功');
    },
  );

  app.post(
    '/identity/users/:id/password',
    {
      config: { permission: '/user-management:edit' },
      schema: {
        tags,
        summary: '重置密码（下次登录须修改）',
        params: ZIdParam,
        body: ZPasswordReset,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      const hash = await hashPassword(request.body.password);
      await db.withTenant(authOf(request).tenantId, (tx) => admin.resetPassword(tx, request.params.id, hash));
      return ok(null, '密码已重置，该用户下次登录须修改密码');
    },
  );

  app.put(
    '/identity/identities/:id/roles',
    {
      config: { permission: '/user-management:edit' },
      schema: {
        tags,
        summary: '为身份分配角色',
        params: ZIdParam,
        body: ZIdentityRoles,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await db.withTenant(auth.tenantId, async (tx) => {
        if (!(await admin.identityExists(tx, request.params.id))) throw new AppError(ResultCode.FAILED, '身份不存在');
        await setIdentityRoles(tx, auth.tenantId, request.params.id, request.body.roleIds);
      });
      return ok(null, '角色已分配');
    },
  );
}
