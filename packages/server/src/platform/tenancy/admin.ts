import { ok, ResultCode, type TPage, type TPageQuery, ZEnvelope, ZIdParam, ZPage, ZPageQuery } from '@shetuan/shared';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { type TTenantAdminRow, type TTenantInput, ZTenantAdminRow, ZTenantInput } from '@shetuan/shared/tenant';
import { z } from 'zod';
import { type AuthContext, authOf } from '../auth/context';
import type { AppDatabase, Tx } from '../db';
import type { AppInstance } from '../http/app-types';
import { AppError } from '../http/errors';
import { sendXlsx } from '../http/excel';
import { seedTenantRbac } from '../rbac';
import * as repo from './repository';

function requireSuperAdmin(auth: AuthContext): void {
  if (!auth.isSuperAdmin) throw new AppError(ResultCode.FORBIDDEN, '仅运营超级管理员可以管理租户');
}

async function withDomains(tx: Tx, rows: repo.TenantFullRow[]): Promise<TTenantAdminRow[]> {
  const ids = rows.map((r) => r.id);
  const domains = ids.length ? await repo.domainsOfTenants(tx, ids) : [];
  return rows.map((t) => ({
    id: t.id,
    companyId: t.companyId,
    companyName: t.companyName,
    companyType: t.companyType,
    icon: t.icon ?? '',
    mobileDomain: t.mobileDomain,
    customType: t.customType,
    modeSwitcher: t.settings.modeSwitcher === true,
    status: t.status,
    isDefault: t.isDefault,
    domains: domains.filter((d) => d.tenantRef === t.id).map((d) => d.domain),
    createdAt: t.createdAt.toISOString(),
  }));
}

async function listTenants(tx: Tx, query: TPageQuery): Promise<TPage<TTenantAdminRow>> {
  const total = await repo.countTenants(tx, query.keyword);
  const rows = await repo.listTenantRows(tx, query.keyword, query.pageSize, (query.current - 1) * query.pageSize);
  return {
    records: await withDomains(tx, rows),
    total,
    current: query.current,
    pageSize: query.pageSize,
  };
}

async function setDomains(tx: Tx, tenantId: number, domains: string[]): Promise<void> {
  const unique = [...new Set(domains)];
  const taken = await repo.domainsOfOthers(tx, tenantId, unique);
  if (taken[0]) throw new AppError(ResultCode.FAILED, `域名 ${taken[0]} 已被其他租户使用`);
  await repo.replaceDomains(tx, tenantId, unique);
}

const values = (input: TTenantInput): repo.TenantValues => ({
  companyName: input.companyName,
  companyId: input.companyId,
  companyType: input.companyType,
  icon: input.icon || null,
  mobileDomain: input.mobileDomain,
  customType: input.customType,
  status: input.status,
});

/** Creates a tenant with its domains, then its default menu and roles inside it. */
async function createTenant(db: AppDatabase, input: TTenantInput): Promise<number> {
  const created = await db.withGlobalTx(async (tx) => {
    const id = await repo.insertTenant(tx, { ...values(input), settings: { modeSwitcher: input.modeSwitcher } });
    if (id === undefined) throw new Error('tenant insert returned no row');
    await setDomains(tx, id, input.domains);
    return id;
  });
  await db.withTenant(created, (tx) => seedTenantRbac(tx, created));
  return created;
}

export async function tenantAdminRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  const tags = ['tenancy'];
  app.get(
    '/platform/tenants',
    {
      config: { permission: PLATFORM_PAGES.tenant.path },
      schema: {
        tags,
        summary: '租户列表（运营）',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZTenantAdminRow)) },
      },
    },
    async (request) => {
      requireSuperAdmin(authOf(request));
      return ok(await db.withGlobalTx((tx) => listTenants(tx, request.query)));
    },
  );
  app.get(
    '/platform/tenants/export',
    {
      config: { permission: PLATFORM_PAGES.tenant.export },
      schema: { tags, summary: '导出租户（xlsx）', querystring: ZPageQuery.pick({ keyword: true }) },
    },
    async (request, reply) => {
      requireSuperAdmin(authOf(request));
      const rows = await db.withGlobalTx((tx) =>
        listTenants(tx, { current: 1, pageSize: 50_000, keyword: request.query.keyword }),
      );
      return sendXlsx(
        reply,
        '租户列表',
        '租户',
        [
          { header: '编号', width: 8, value: (r) => r.id },
          { header: '机构名称', width: 30, value: (r) => r.companyName },
          { header: '访问域名', width: 40, value: (r) => r.domains.join('、') },
          { header: '定制类型', width: 10, value: (r) => r.customType },
          { header: '状态', width: 8, value: (r) => (r.status === 1 ? '启用' : '停用') },
        ],
        rows.records,
      );
    },
  );
  app.post(
    '/platform/tenants',
    {
      config: { permission: PLATFORM_PAGES.tenant.add },
      schema: {
        tags,
        summary: '新增租户',
        body: ZTenantInput,
        response: { 200: ZEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      requireSuperAdmin(authOf(request));
      return ok({ id: await createTenant(db, request.body) }, '新增成功');
    },
  );
  app.put(
    '/platform/tenants/:id',
    {
      config: { permission: PLATFORM_PAGES.tenant.edit },
      schema: {
        tags,
        summary: '修改租户',
        params: ZIdParam,
        body: ZTenantInput,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      requireSuperAdmin(auth);
      if (request.params.id === auth.tenantId && request.body.status !== 1)
        throw new AppError(ResultCode.FAILED, '不能停用当前所在的租户');
      await db.withGlobalTx(async (tx) => {
        // Other settings (registration, password policy) are kept; only the switcher is set here.
        const found = await repo.updateTenant(tx, request.params.id, values(request.body), {
          modeSwitcher: request.body.modeSwitcher,
        });
        if (!found) throw new AppError(ResultCode.FAILED, '租户不存在');
        await setDomains(tx, request.params.id, request.body.domains);
      });
      return ok(null, '保存成功');
    },
  );
  app.post(
    '/platform/tenants/:id/act',
    {
      config: { permission: PLATFORM_PAGES.tenant.path },
      schema: {
        tags,
        summary: '以租户身份操作（代管）：校验后返回 adverTenantId、adverCompanyId',
        params: ZIdParam,
        response: {
          200: ZEnvelope(z.object({ tenantId: z.number(), companyId: z.number(), companyName: z.string() })),
        },
      },
    },
    async (request) => {
      requireSuperAdmin(authOf(request));
      const row = await db.withGlobal((g) => repo.findTenantSummary(g, request.params.id));
      if (row?.status !== 1) throw new AppError(ResultCode.FAILED, '代管的租户不存在或已停用');
      return ok(
        { tenantId: row.id, companyId: row.companyId, companyName: row.companyName },
        `已进入“${row.companyName}”`,
      );
    },
  );
}
