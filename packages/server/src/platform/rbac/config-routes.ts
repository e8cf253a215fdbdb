import { ok, ZEnvelope, ZIdParam, ZPageQuery } from '@shetuan/shared';
import { PLATFORM_PAGES, ZFunctionInput, ZFunctionPage, ZMenuInput, ZMenuTree } from '@shetuan/shared/rbac';
import { z } from 'zod';
import { authOf, callerTenant } from '../auth/context';
import type { AppInstance } from '../http/app-types';
import { sendXlsx } from '../http/excel';
import { menuTree } from './admin-service';
import * as config from './config-service';

const tags = ['rbac'];
const ZNull = ZEnvelope(z.null());
const ZCreated = ZEnvelope(z.object({ id: z.number() }));

/** /setMenu (the menu tree) and /function (function points). */
export async function rbacConfigRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const inTenant = callerTenant(db);

  app.get(
    '/rbac/menus',
    {
      config: { permission: PLATFORM_PAGES.setMenu.path },
      schema: { tags, summary: '菜单树（菜单配置）', response: { 200: ZEnvelope(ZMenuTree) } },
    },
    async (request) => ok({ tree: await inTenant(request, (tx) => menuTree(tx)) }),
  );
  app.post(
    '/rbac/menus',
    {
      config: { permission: PLATFORM_PAGES.setMenu.add },
      schema: { tags, summary: '新增菜单', body: ZMenuInput, response: { 200: ZCreated } },
    },
    async (request) =>
      ok(
        { id: await inTenant(request, (tx) => config.createMenu(tx, authOf(request).tenantId, request.body)) },
        '新增成功',
      ),
  );
  app.put(
    '/rbac/menus/:id',
    {
      config: { permission: PLATFORM_PAGES.setMenu.edit },
      schema: { tags, summary: '修改菜单', params: ZIdParam, body: ZMenuInput, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => config.updateMenu(tx, request.params.id, request.body));
      return ok(null, '保存成功');
    },
  );
  app.delete(
    '/rbac/menus/:id',
    {
      config: { permission: PLATFORM_PAGES.setMenu.delete },
      schema: { tags, summary: '删除菜单', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => config.deleteMenu(tx, request.params.id));
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/rbac/functions',
    {
      config: { permission: PLATFORM_PAGES.function.path },
      schema: { tags, summary: '功能点列表', querystring: ZPageQuery, response: { 200: ZEnvelope(ZFunctionPage) } },
    },
    async (request) => ok(await inTenant(request, (tx) => config.listFunctions(tx, request.query))),
  );
  app.get(
    '/rbac/functions/export',
    {
      config: { permission: PLATFORM_PAGES.function.export },
      schema: { tags, summary: '导出功能点（xlsx）', querystring: ZPageQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      const rows = await inTenant(request, (tx) => config.allFunctions(tx, request.query.keyword));
      return sendXlsx(
        reply,
        '功能点列表',
        '功能点',
        [
          { header: '所属菜单', width: 20, value: (r) => r.menuName },
          { header: '菜单路径', width: 30, value: (r) => r.menuPath },
          { header: '功能点代码', width: 16, value: (r) => r.code },
          { header: '功能点名称', width: 16, value: (r) => r.name },
        ],
        rows,
      );
    },
  );
  app.post(
    '/rbac/functions',
    {
      config: { permission: PLATFORM_PAGES.function.add },
      schema: { tags, summary: '新增功能点', body: ZFunctionInput, response: { 200: ZCreated } },
    },
    async (request) =>
      ok(
        { id: await inTenant(request, (tx) => config.createFunction(tx, authOf(request).tenantId, request.body)) },
        '新增成功',
      ),
  );
  app.put(
    '/rbac/functions/:id',
    {
      config: { permission: PLATFORM_PAGES.function.edit },
      schema: { tags, summary: '修改功能点', params: ZIdParam, body: ZFunctionInput, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => config.updateFunction(tx, request.params.id, request.body));
      return ok(null, '保存成功');
    },
  );
  app.delete(
    '/rbac/functions/:id',
    {
      config: { permission: PLATFORM_PAGES.function.delete },
      schema: { tags, summary: '删除功能点', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => config.deleteFunction(tx, request.params.id));
      return ok(null, '删除成功');
    },
  );
}
