import { eq } from 'drizzle-orm';
import type { GlobalReader } from '../db';
import { tenantDomains, tenants } from './tables';

const tenantColumns = {
  id: tenants.id,
  companyId: tenants.companyId,
  companyName: tenants.companyName,
  companyType: tenants.companyType,
  icon: tenants.icon,
  mobileDomain: tenants.mobileDomain,
  customType: tenants.customType,
  status: tenants.status,
};

export type TenantRow = {
  id: number;
  companyId: number;
  companyName: string;
  companyType: number;
  icon: string | null;
  mobileDomain: string;
  customType: number;
  status: number;
};

export async function findTenantByDomain(db: GlobalReader, domain: string): Promise<TenantRow | undefined> {
  const rows = await db
    .select(tenantColumns)
    .from(tenantDomains)
    .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantRef))
    .where(eq(tenantDomains.domain, domain))
    .limit(1);
  return rows[0];
}

export async function findDefaultTenant(db: GlobalReader): Promise<TenantRow | undefined> {
  const rows = await db.select(tenantColumns).from(tenants).where(eq(tenants.isDefault, true)).limit(1);
  return rows[0];
}
