import { ok, ZEnvelope, ZIdParam, ZPage, ZPageQuery } from '@shetuan/shared';
import { IDENTITY_PAGES } from '@shetuan/shared/identity';
import {
  PLATFORM_PAGES,
  ZMenuTree,
  ZRoleDetail,
  ZRoleGrants,
  ZRoleHolder,
  ZRoleInput,
  ZRolePage,
  ZRoleQuery,
} from '@shetuan/shared/rbac';
import { z } from 'zod';
import { authOf, callerTenant } from '../auth/context';
import type { AppInstance } from '../http/app-types';
import { sendXlsx } from '../http/excel';
import * as admin from './admin-service';
import * as detail from './role-detail';

const tags = ['rbac'];
const ZNull = ZEnvelope(z.null());

/** /roleManage and /jurisdiction: roles, and what each grants. */
export async function rbacRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const inTenant = callerTenant(db, { withUser: true });

  app.get(
    '/rbac/roles',
    {
      config: { permission: PLATFORM_PAGES.role.path },
      schema: { tags, summary: '角色列表', querystring: ZRoleQuery, response: { 200: ZEnvelope(ZRolePage) } },
    },
    async (request) => ok(await inTenant(request, (tx) => admin.listRoles(tx, request.query))),
  );

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
        list: (await inTenant(request, (tx) => admin.allRoles(tx))).map((r) => ({ id: r.id, name: r.name })),
      }),
  );

  app.get(
    '/rbac/roles/export',
    {
      config: { permission: PLATFORM_PAGES.role.export },
      schema: { tags, summary: '导出角色（xlsx）', querystring: ZRoleQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      const rows = await inTenant(request, (tx) => admin.allRoles(tx, request.query.keyword));
      return sendXlsx(
        reply,
        '角色列表',
        '角色',
        [
          { header: '角色名称', width: 24, value: (r) => r.name },
          { header: '备注', width: 40, value: (r) => r.remark },
          { header: '菜单数', width: 10, value: (r) => r.menuCount },
          { header: '已分配身份数', width: 14, value: (r) => r.identityCount },
          { header: '创建时间', width: 22, value: (r) => new Date(r.createdAt) },
        ],
        rows,
      );
    },
  );

  app.post(
    '/rbac/roles',
    {
      config: { permission: PLATFORM_PAGES.role.add },
      schema: {
        tags,
        summary: '新增角色',
        body: ZRoleInput,
        response: { 200: ZEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(
        { id: await inTenant(request, (tx) => admin.createRole(tx, authOf(request).tenantId, request.body)) },
        '新增成功',
      ),
  );

  app.put(
    '/rbac/roles/:id',
    {
      config: { permission: PLATFORM_PAGES.role.edit },
      schema: { tags, summary: '修改角色', params: ZIdParam, body: ZRoleInput, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => admin.updateRole(tx, request.params.id, request.body));
      return ok(null, '保存成功');
    },
  );

  app.delete(
    '/rbac/roles/:id',
    {
      config: { permission: PLATFORM_PAGES.role.delete },
      schema: { tags, summary: '删除角色', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => admin.deleteRole(tx, request.params.id));
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/rbac/menus/tree',
    {
      config: { permission: PLATFORM_PAGES.jurisdiction.path },
      schema: { tags, summary: '菜单与功能点树', response: { 200: ZEnvelope(ZMenuTree) } },
    },
    async (request) => ok({ tree: await inTenant(request, (tx) => admin.menuTree(tx)) }),
  );

  app.get(
    '/rbac/roles/:id/grants',
    {
      config: { permission: PLATFORM_PAGES.jurisdiction.path },
      schema: { tags, summary: '角色的菜单与功能点', params: ZIdParam, response: { 200: ZEnvelope(ZRoleGrants) } },
    },
    async (request) => ok(await inTenant(request, (tx) => admin.roleGrants(tx, request.params.id))),
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
}

/** /roleManageDetail: a role, what it grants, and who holds it. */
async function roleDetailRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const inTenant = callerTenant(db);
  app.get(
    '/rbac/roles/:id',
    {
      config: { permission: PLATFORM_PAGES.role.path },
      schema: { tags, summary: '角色详情（含授权）', params: ZIdParam, response: { 200: ZEnvelope(ZRoleDetail) } },
    },
    async (request) => ok(await inTenant(request, (tx) => detail.roleDetail(tx, request.params.id))),
  );
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
    async (request) => ok(await inTenant(request, (tx) => detail.roleHolders(tx, request.params.id, request.query))),
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
      const rows = await inTenant(request, (tx) => detail.allRoleHolders(tx, request.params.id, request.query.keyword));
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
      await inTenant(request, (tx) => detail.removeRoleHolder(tx, request.params.id, request.params.identityId));
      return ok(null, '已移除');
    },
  );
}
