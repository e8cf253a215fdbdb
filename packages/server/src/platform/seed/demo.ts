import { OrgType } from '@shetuan/shared';
import { eq } from 'drizzle-orm';
import { seedDemoAccounts } from '../../modules/identity/demo';
import { demoCityOrgs, demoDepartments, demoDistrictOrgs, seedDepartments, seedOrgTree } from '../../modules/org';
import type { AppDatabase } from '../db';
import { seedTenantRbac } from '../rbac';
import { tenantDomains, tenants } from '../tenancy/tables';

/** The demo tenants; README lists them. Domains under .localhost reach this machine in any browser. */
export const DEMO_TENANTS = {
  city: { companyName: '示范市科学技术协会', domains: ['demo.localhost'] },
  district: { companyName: '滨江区科学技术协会', domains: ['binjiang.localhost'] },
  disabled: { companyName: '停用示例学会', domains: ['disabled.localhost'] },
} as const;

export interface SeedResult {
  seeded: boolean;
  tenantIds: { city: number; district: number; disabled: number } | null;
}

/**
 * Seeds the demo data into an empty database: a city science association (the default tenant,
 * which localhost and 127.0.0.1 open) with its member societies, a district association, and a
 * disabled tenant, each with the default menu and roles, and the demo accounts (README).
 * Does nothing when the demo tenant exists.
 */
export async function seedDemo(db: AppDatabase): Promise<SeedResult> {
  const ids = await db.asOwner(async (tx) => {
    const [existing] = await tx
      .select({ domain: tenantDomains.domain })
      .from(tenantDomains)
      .where(eq(tenantDomains.domain, DEMO_TENANTS.city.domains[0]));
    if (existing) return null;
    const insertTenant = async (values: typeof tenants.$inferInsert, domains: readonly string[]) => {
      const [row] = await tx.insert(tenants).values(values).returning({ id: tenants.id });
      if (!row) throw new Error('tenant insert returned no row');
      await tx.insert(tenantDomains).values(domains.map((domain) => ({ domain, tenantRef: row.id })));
      return row.id;
    };
    const city = await insertTenant(
      {
        companyId: 1,
        companyName: DEMO_TENANTS.city.companyName,
        companyType: OrgType.CITY_ASSOCIATION,
        isDefault: true,
      },
      DEMO_TENANTS.city.domains,
    );
    const district = await insertTenant(
      {
        companyId: 1002,
        companyName: DEMO_TENANTS.district.companyName,
        companyType: OrgType.DISTRICT_ASSOCIATION,
        icon: '/new/tenant-icons/binjiang.svg',
        customType: 20,
        // The header's 当前模式: its people may also choose the standard menu.
        settings: { modeSwitcher: true },
      },
      DEMO_TENANTS.district.domains,
    );
    const disabled = await insertTenant(
      { companyId: 1003, companyName: DEMO_TENANTS.disabled.companyName, companyType: OrgType.CITY_SOCIETY, status: 0 },
      DEMO_TENANTS.disabled.domains,
    );
    return { city, district, disabled };
  });
  if (!ids) return { seeded: false, tenantIds: null };
  await db.withTenant(ids.city, async (tx) => {
    await seedOrgTree(tx, ids.city, demoCityOrgs);
    await seedDepartments(tx, ids.city, demoDepartments);
  });
  await db.withTenant(ids.district, (tx) => seedOrgTree(tx, ids.district, demoDistrictOrgs));
  for (const tenantId of [ids.city, ids.district, ids.disabled]) {
    await db.withTenant(tenantId, (tx) => seedTenantRbac(tx, tenantId));
  }
  await seedDemoAccounts(db, ids);
  return { seeded: true, tenantIds: ids };
}
