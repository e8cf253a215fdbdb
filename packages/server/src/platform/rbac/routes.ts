import { ok, ZEnvelope, ZIdParam, ZPage, ZPageQuery } from '@shetuan/shared';
import { IDENTITY_PAGES } from '@shetuan/shared/identity';
import { PLATFORM_PAGES, ROLES, ZMenuTree, ZRoleGrants, ZRoleHolder } from '@shetuan/shared/rbac';
import { z } from 'zod';
import { authOf, callerTenant } from '../auth/context';
import type { AppInstance } from '../http/app-types';
import { sendXlsx } from '../http/excel';
import { resourceRoutes } from '../resource';
import * as admin from './admin-service';
import * as detail from './role-detail';

const tags = ['rbac'];
const ZNull = ZEnvelope(z.null());

/** /roleManage (the resource kit) and /jurisdiction: roles, and what each grants. */
export async function rbacRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const inTenant = callerTenant(db, { withUser: true });

  app.get(
    '/rbac/roles/options',
    {
      config: { permission: IDENTITY_PAGES.staff.path },
      schema: {
        tags,
        summary: '可分配的角色',
        response: { 200: ZEnvelope(z.object({ list: z.array(z.object({ id: z.number(), name: z.string() })) })) },
      },
    },
    async (request) =>
      ok({
        list: (await inTenant(request, (tx) => admin.allRoles(tx, authOf(request).tenantId))).map((r) => ({
          id: r.id,
          name: r.name,
        })),
      }),
  );

  app.get(
    '/rbac/menus/tree',
    {
      config: { permission: PLATFORM_PAGES.jurisdiction.path },
      schema: { tags, summary: '菜单与功能点树', response: { 200: ZEnvelope(ZMenuTree) } },
    },
    async (request) => ok({ tree: await inTenant(request, (tx) => admin.menuTree(tx, authOf(request).tenantId)) }),
  );

  app.get(
    '/rbac/roles/:id/grants',
    {
      config: { permission: PLATFORM_PAGES.jurisdiction.path },
      schema: { tags, summary: '角色的菜单与功能点', params: ZIdParam, response: { 200: ZEnvelope(ZRoleGrants) } },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => admin.roleGrants(tx, authOf(request).tenantId, request.params.id))),
  );

  app.put(
    '/rbac/roles/:id/grants',
    {
      config: { permission: PLATFORM_PAGES.jurisdiction.edit },
      schema: {
        tags,
        summary: '配置角色的菜单与功能点',
        params: ZIdParam,
        body: ZRoleGrants,
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) =>
        admin.setRoleGrants(tx, authOf(request).tenantId, request.params.id, request.body),
      );
      return ok(null, '权限已保存');
    },
  );

  await roleDetailRoutes(app);
  await resourceRoutes(app, ROLES, admin.roleService);
}

/** /roleManageDetail: who holds a role (the role with its grants is the resource's detail, GET :id). */
async function roleDetailRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const inTenant = callerTenant(db);
  app.get(
    '/rbac/roles/:id/holders',
    {
      config: { permission: PLATFORM_PAGES.role.path },
      schema: {
        tags,
        summary: '拥有该角色的身份',
        params: ZIdParam,
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZRoleHolder)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          detail.roleHolders(tx, authOf(request).tenantId, request.params.id, request.query),
        ),
      ),
  );
  app.get(
    '/rbac/roles/:id/holders/export',
    {
      config: { permission: PLATFORM_PAGES.role.export },
      schema: {
        tags,
        summary: '导出拥有该角色的身份（xlsx）',
        params: ZIdParam,
        querystring: ZPageQuery.pick({ keyword: true }),
      },
    },
    async (request, reply) => {
      const rows = await inTenant(request, (tx) =>
        detail.allRoleHolders(tx, authOf(request).tenantId, request.params.id, request.query.keyword),
      );
      return sendXlsx(
        reply,
        '角色成员',
        '成员',
        [
          { header: '姓名', width: 14, value: (r) => r.name },
          { header: '手机号', width: 16, value: (r) => r.mobile },
          { header: '身份', width: 16, value: (r) => r.identityName },
          { header: '所属单位', width: 30, value: (r) => r.orgName },
        ],
        rows,
      );
    },
  );
  app.delete(
    '/rbac/roles/:id/holders/:identityId',
    {
      config: { permission: PLATFORM_PAGES.role.edit },
      schema: {
        tags,
        summary: '移除某身份的该角色',
        params: ZIdParam.extend({
          identityId: z.coerce.number({ error: '编号必须是数字' }).int().positive('编号有误'),
        }),
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await inTenant(request, (tx) =>
        detail.removeRoleHolder(tx, authOf(request).tenantId, request.params.id, request.params.identityId),
      );
      return ok(null, '已移除');
    },
  );
}
