import { ok, orgTypeNames, ZEnvelope, ZIdParam, ZPageQuery } from '@shetuan/shared';
import { ORG_PAGES, ZDepartmentInput, ZDepartmentPage, ZOrgInput, ZOrgPage } from '@shetuan/shared/org';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { AppInstance } from '../../platform/http/app-types';
import { sendXlsx } from '../../platform/http/excel';
import * as dept from './departments';
import * as org from './service';

const tags = ['org'];
const ZNull = ZEnvelope(z.null());

/** /company: the organisations (units) of the tenant. */
export async function orgRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const inTenant = callerTenant(db);

  app.get(
    '/org/orgs',
    {
      config: { permission: ORG_PAGES.company.path },
      schema: { tags, summary: '单位列表', querystring: ZPageQuery, response: { 200: ZEnvelope(ZOrgPage) } },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => org.listOrgsPage(tx, authOf(request).tenantId, request.query))),
  );
  app.get(
    '/org/orgs/options',
    {
      config: { permission: ORG_PAGES.company.path },
      schema: {
        tags,
        summary: '单位选项（上级单位）',
        response: {
          200: ZEnvelope(
            z.object({
              list: z.array(z.object({ id: z.number(), name: z.string() })),
              types: z.array(z.object({ value: z.number(), label: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) =>
      ok({
        list: (await inTenant(request, (tx) => org.allOrgs(tx, authOf(request).tenantId))).map((o) => ({
          id: o.id,
          name: o.name,
        })),
        types: Object.entries(orgTypeNames).map(([value, label]) => ({ value: Number(value), label })),
      }),
  );
  app.get(
    '/org/orgs/export',
    {
      config: { permission: ORG_PAGES.company.export },
      schema: { tags, summary: '导出单位（xlsx）', querystring: ZPageQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      const rows = await inTenant(request, (tx) => org.allOrgs(tx, authOf(request).tenantId, request.query.keyword));
      return sendXlsx(
        reply,
        '单位列表',
        '单位',
        [
          { header: '单位名称', width: 30, value: (r) => r.name },
          { header: '单位类型', width: 16, value: (r) => r.orgTypeName },
          { header: '上级单位', width: 30, value: (r) => r.parentName },
          { header: '行政区划代码', width: 12, value: (r) => r.regionCode },
          { header: '行政区划', width: 28, value: (r) => r.regionName },
          { header: '人员数', width: 10, value: (r) => r.memberCount },
          { header: '状态', width: 8, value: (r) => (r.status === 1 ? '正常' : '停用') },
        ],
        rows,
      );
    },
  );
  app.post(
    '/org/orgs',
    {
      config: { permission: ORG_PAGES.company.add },
      schema: {
        tags,
        summary: '新增单位',
        body: ZOrgInput,
        response: { 200: ZEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(
        { id: await inTenant(request, (tx) => org.createOrg(tx, authOf(request).tenantId, request.body)) },
        '新增成功',
      ),
  );
  app.put(
    '/org/orgs/:id',
    {
      config: { permission: ORG_PAGES.company.edit },
      schema: { tags, summary: '修改单位', params: ZIdParam, body: ZOrgInput, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => org.updateOrg(tx, authOf(request).tenantId, request.params.id, request.body));
      return ok(null, '保存成功');
    },
  );
  app.delete(
    '/org/orgs/:id',
    {
      config: { permission: ORG_PAGES.company.delete },
      schema: { tags, summary: '删除单位', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => org.deleteOrg(tx, authOf(request).tenantId, request.params.id));
      return ok(null, '删除成功');
    },
  );

  await departmentRoutes(app);
}

/** /departmentManage: the departments of the association's own office, as a tree. */
async function departmentRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const inTenant = callerTenant(db);

  app.get(
    '/org/departments',
    {
      config: { permission: ORG_PAGES.department.path },
      schema: {
        tags,
        summary: '部门列表（无关键字时为树，按顶级部门分页）',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZDepartmentPage) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => dept.listDepartmentsPage(tx, authOf(request).tenantId, request.query))),
  );
  app.get(
    '/org/departments/options',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '部门选项（上级部门、人员所属部门）',
        response: { 200: ZEnvelope(z.object({ list: z.array(z.object({ id: z.number(), name: z.string() })) })) },
      },
    },
    async (request) =>
      ok({
        list: (await inTenant(request, (tx) => dept.allDepartments(tx, authOf(request).tenantId))).map((d) => ({
          id: d.id,
          name: d.name,
        })),
      }),
  );
  app.get(
    '/org/departments/export',
    {
      config: { permission: ORG_PAGES.department.export },
      schema: { tags, summary: '导出部门（xlsx）', querystring: ZPageQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      const rows = await inTenant(request, (tx) =>
        dept.allDepartments(tx, authOf(request).tenantId, request.query.keyword),
      );
      return sendXlsx(
        reply,
        '部门列表',
        '部门',
        [
          { header: '部门名称', width: 30, value: (r) => r.name },
          { header: '上级部门', width: 24, value: (r) => r.parentName },
          { header: '负责人', width: 12, value: (r) => r.leader },
          { header: '联系电话', width: 16, value: (r) => r.phone },
          { header: '人员数', width: 10, value: (r) => r.staffCount },
          { header: '排序', width: 8, value: (r) => r.sort },
          { header: '状态', width: 8, value: (r) => (r.status === 1 ? '正常' : '停用') },
        ],
        rows,
      );
    },
  );
  app.post(
    '/org/departments',
    {
      config: { permission: ORG_PAGES.department.add },
      schema: {
        tags,
        summary: '新增部门',
        body: ZDepartmentInput,
        response: { 200: ZEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(
        { id: await inTenant(request, (tx) => dept.createDepartment(tx, authOf(request).tenantId, request.body)) },
        '新增成功',
      ),
  );
  app.put(
    '/org/departments/:id',
    {
      config: { permission: ORG_PAGES.department.edit },
      schema: { tags, summary: '修改部门', params: ZIdParam, body: ZDepartmentInput, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) =>
        dept.updateDepartment(tx, authOf(request).tenantId, request.params.id, request.body),
      );
      return ok(null, '保存成功');
    },
  );
  app.delete(
    '/org/departments/:id',
    {
      config: { permission: ORG_PAGES.department.delete },
      schema: { tags, summary: '删除部门', params: ZIdParam, response: { 200: ZNull } },
    },
    async (request) => {
      await inTenant(request, (tx) => dept.deleteDepartment(tx, authOf(request).tenantId, request.params.id));
      return ok(null, '删除成功');
    },
  );
}
