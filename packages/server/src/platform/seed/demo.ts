import { OrgType } from '@shetuan/shared';
import { type AppConfig, loadConfig } from '../config';
import type { AppDatabase } from '../db';
import { type DemoTenants, installedModules } from '../modules';
import { seedTenantRbac } from '../rbac';
import { domainExists, insertTenantWithDomains } from './repository';

/** The demo tenants; README lists them. Domains under .localhost reach this machine in any browser. */
export const DEMO_TENANTS = {
  city: { companyName: '示范市科学技术协会', domains: ['demo.localhost'] },
  district: { companyName: '滨江区科学技术协会', domains: ['binjiang.localhost'] },
  disabled: { companyName: '停用示例学会', domains: ['disabled.localhost'] },
} as const;

export interface SeedResult {
  seeded: boolean;
  tenantIds: DemoTenants | null;
}

/**
 * Seeds the demo data into an empty database: a city science association (the default tenant,
 * which localhost and 127.0.0.1 open) with its member societies, a district association, and a
 * disabled tenant, each with the default menu and roles; then each installed module's demo data, in
 * list order (the org module's units, the identity module's accounts of README …). Does nothing
 * when the demo tenant exists. `config` is the server's (a module may seal secrets with its keys);
 * the environment's by default.
 */
export async function seedDemo(db: AppDatabase, config: AppConfig = loadConfig()): Promise<SeedResult> {
  const ids = await db.asOwner(async (tx) => {
    if (await domainExists(tx, DEMO_TENANTS.city.domains[0])) return null;
    const insertTenant = (values: Parameters<typeof insertTenantWithDomains>[1], domains: readonly string[]) =>
      insertTenantWithDomains(tx, values, domains);
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
  for (const tenantId of [ids.city, ids.district, ids.disabled]) {
    await db.withTenant(tenantId, (tx) => seedTenantRbac(tx, tenantId));
  }
  for (const module of installedModules()) await module.seedDemo?.(db, ids, config);
  return { seeded: true, tenantIds: ids };
}
