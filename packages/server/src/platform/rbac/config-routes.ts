import { ok, ZEnvelope, ZIdParam } from '@shetuan/shared';
import { FUNCTION_POINTS, PLATFORM_PAGES, ZMenuInput, ZMenuTree } from '@shetuan/shared/rbac';
import { z } from 'zod';
import { authOf, callerTenant } from '../auth/context';
import type { AppInstance } from '../http/app-types';
import { resourceRoutes } from '../resource';
import { menuTree } from './admin-service';
import * as config from './config-service';

const tags = ['rbac'];
const ZNull = ZEnvelope(z.null());
const ZCreated = ZEnvelope(z.object({ id: z.number() }));

/** /setMenu (the menu tree) and /function (function points, the resource kit, with its menu options). */
export async function rbacConfigRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const inTenant = callerTenant(db);

  app.get(
    '/rbac/menus',
    {
      config: { permission: PLATFORM_PAGES.setMenu.path },
      schema: { tags, summary: '菜单树（菜单配置）', response: { 200: ZEnvelope(ZMenuTree) } },
    },
    async (request) => ok({ tree: await inTenant(request, (tx) => menuTree(tx, authOf(request).tenantId)) }),
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
      await inTenant(request, (tx) => config.updateMenu(tx, authOf(request).tenantId, request.params.id, request.body));
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
      await inTenant(request, (tx) => config.deleteMenu(tx, authOf(request).tenantId, request.params.id));
      return ok(null, '删除成功');
    },
  );

  app.get(
    '/rbac/menus/options',
    {
      config: { permission: PLATFORM_PAGES.function.path },
      schema: {
        tags,
        summary: '菜单选项（功能点的所属菜单）',
        response: { 200: ZEnvelope(z.object({ list: z.array(z.object({ id: z.number(), name: z.string() })) })) },
      },
    },
    async (request) =>
      ok({ list: await inTenant(request, (tx) => config.menuEntryOptions(tx, authOf(request).tenantId)) }),
  );
  await resourceRoutes(app, FUNCTION_POINTS, config.functionPointService);
}
