import { ok, ResultCode, ZEnvelope, ZIdParam } from '@shetuan/shared';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { TENANTS, type TTenantAdminRow, type TTenantInput } from '@shetuan/shared/tenant';
import { z } from 'zod';
import { type AuthContext, authOf } from '../auth/context';
import { asTenantWithin, type Tx } from '../db';
import type { AppInstance } from '../http/app-types';
import { AppError } from '../http/errors';
import { seedTenantRbac } from '../rbac';
import { type ResourceScope, type ResourceService, resourceRoutes } from '../resource';
import * as repo from './repository';
import { forgetTenantLookups } from './service';

function requireSuperAdmin(auth: AuthContext): void {
  if (!auth.isSuperAdmin) throw new AppError(ResultCode.FORBIDDEN, '仅运营超级管理员可以管理租户');
}

/**
 * The tenants are no tenant's rows: operations super administrators only, in a global transaction
 * (the tenant id the service gets is the caller's own).
 */
const OPERATIONS_SCOPE: ResourceScope = {
  guard: (request) => requireSuperAdmin(authOf(request)),
  request: (db, request, work) => db.withGlobalTx((tx) => work(tx, authOf(request).tenantId)),
  job: (ctx, work) => ctx.db.withGlobalTx((tx) => work(tx, ctx.tenantId)),
};

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

async function setDomains(tx: Tx, tenantId: number, domains: string[]): Promise<void> {
  const unique = [...new Set(domains)];
  const taken = await repo.domainsOfOthers(tx, tenantId, unique);
  if (taken[0]) throw new AppError(ResultCode.FAILED, `域名 ${taken[0]} 已被其他租户使用`);
  await repo.replaceDomains(tx, tenantId, unique);
  forgetTenantLookups();
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

/** /tenant through the resource kit: tenants are opened (with their default menu and roles) and disabled, not deleted. */
export const tenantService: ResourceService<typeof TENANTS> = {
  scope: OPERATIONS_SCOPE,
  async list(tx, _caller, query) {
    const total = await repo.countTenants(tx, query.keyword);
    const rows = await repo.listTenantRows(tx, query.keyword, query.pageSize, (query.current - 1) * query.pageSize);
    return { records: await withDomains(tx, rows), total, current: query.current, pageSize: query.pageSize };
  },
  async get(tx, _caller, id) {
    const row = await repo.findTenantRow(tx, id);
    return row ? ((await withDomains(tx, [row]))[0] ?? null) : null;
  },
  /** The tenant with its domains, then its default menu and roles inside it, in one transaction. */
  async create(tx, _caller, input) {
    const id = await repo.insertTenant(tx, { ...values(input), settings: { modeSwitcher: input.modeSwitcher } });
    if (id === undefined) throw new Error('tenant insert returned no row');
    await setDomains(tx, id, input.domains);
    await asTenantWithin(tx, id, () => seedTenantRbac(tx, id));
    return id;
  },
  async update(tx, caller, id, input) {
    if (id === caller && input.status !== 1) throw new AppError(ResultCode.FAILED, '不能停用当前所在的租户');
    // Other settings (registration, password policy) are kept; only the switcher is set here.
    const found = await repo.updateTenant(tx, id, values(input), { modeSwitcher: input.modeSwitcher });
    forgetTenantLookups();
    if (!found) throw new AppError(ResultCode.FAILED, '租户不存在');
    await setDomains(tx, id, input.domains);
  },
};

/** /tenant: the tenants (resource kit) and acting as one of them (代管). */
export async function tenantAdminRoutes(app: AppInstance): Promise<void> {
  const { db } = app;
  await resourceRoutes(app, TENANTS, tenantService);
  app.post(
    '/platform/tenants/:id/act',
    {
      config: { permission: PLATFORM_PAGES.tenant.path },
      schema: {
        tags: ['tenancy'],
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
