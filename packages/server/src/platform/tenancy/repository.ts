import { eq, sql } from 'drizzle-orm';
import { type GlobalReader, prepareOnce } from '../db';
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

// The tenant look-up runs before every page of every tenant: prepared once per handle.
export async function findTenantByDomain(db: GlobalReader, domain: string): Promise<TenantRow | undefined> {
  const query = prepareOnce(db, 'tenant_by_domain', () =>
    db
      .select(tenantColumns)
      .from(tenantDomains)
      .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantRef))
      .where(eq(tenantDomains.domain, sql.placeholder('domain')))
      .limit(1)
      .prepare('tenant_by_domain'),
  );
  const rows = await query.execute({ domain });
  return rows[0];
}

export async function findDefaultTenant(db: GlobalReader): Promise<TenantRow | undefined> {
  const query = prepareOnce(db, 'tenant_default', () =>
    db.select(tenantColumns).from(tenants).where(eq(tenants.isDefault, true)).limit(1).prepare('tenant_default'),
  );
  const rows = await query.execute();
  return rows[0];
}
