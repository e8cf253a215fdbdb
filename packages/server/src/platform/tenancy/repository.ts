import { likePattern } from '@shetuan/shared';
import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { type GlobalReader, prepareOnce, type Tx } from '../db';
import { tenantDomains, tenants } from './tables';

/*
 * tenants and tenant_domains are global tables (reference tables on Citus, docs/scale-out.md): no
 * tenant predicate applies to their queries; the tenant is their key.
 */

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

// ---- Operations: the tenant list (/tenant) ----

export type TenantFullRow = typeof tenants.$inferSelect;
export type TenantValues = Pick<
  TenantFullRow,
  'companyName' | 'companyId' | 'companyType' | 'icon' | 'mobileDomain' | 'customType' | 'status'
>;

const tenantsMatching = (k?: string) => (k ? ilike(tenants.companyName, likePattern(k)) : undefined);

export async function countTenants(tx: Tx, keyword?: string): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(tenants).where(tenantsMatching(keyword));
  return total?.n ?? 0;
}

/** Tenants whose name matches the keyword, newest first. */
export function listTenantRows(
  tx: Tx,
  keyword: string | undefined,
  limit: number,
  offset: number,
): Promise<TenantFullRow[]> {
  return tx
    .select()
    .from(tenants)
    .where(tenantsMatching(keyword))
    .orderBy(desc(tenants.id))
    .limit(limit)
    .offset(offset);
}

export async function findTenantRow(tx: Tx, id: number): Promise<TenantFullRow | undefined> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

/** The domains of the tenants given, by domain. */
export function domainsOfTenants(tx: Tx, ids: number[]): Promise<(typeof tenantDomains.$inferSelect)[]> {
  return tx
    .select()
    .from(tenantDomains)
    .where(inArray(tenantDomains.tenantRef, ids))
    .orderBy(asc(tenantDomains.domain));
}

/** Which of the domains another tenant has. */
export async function domainsOfOthers(tx: Tx, tenantId: number, domains: string[]): Promise<string[]> {
  const taken = await tx
    .select({ domain: tenantDomains.domain })
    .from(tenantDomains)
    .where(and(inArray(tenantDomains.domain, domains), ne(tenantDomains.tenantRef, tenantId)));
  return taken.map((t) => t.domain);
}

/** The tenant's domains become exactly these. */
export async function replaceDomains(tx: Tx, tenantId: number, domains: string[]): Promise<void> {
  await tx.delete(tenantDomains).where(eq(tenantDomains.tenantRef, tenantId));
  await tx.insert(tenantDomains).values(domains.map((domain) => ({ domain, tenantRef: tenantId })));
}

/** The new tenant's id (undefined if the insert returned nothing). */
export async function insertTenant(
  tx: Tx,
  values: TenantValues & { settings: Record<string, unknown> },
): Promise<number | undefined> {
  const [row] = await tx.insert(tenants).values(values).returning({ id: tenants.id });
  return row?.id;
}

/** Changes a tenant, merging the settings given into its own; false when it does not exist. */
export async function updateTenant(
  tx: Tx,
  id: number,
  values: TenantValues,
  settings: Record<string, unknown>,
): Promise<boolean> {
  const rows = await tx
    .update(tenants)
    .set({
      ...values,
      // Other settings (registration, password policy) are kept; only those given are set.
      settings: sql`${tenants.settings} || ${JSON.stringify(settings)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(tenants.id, id))
    .returning({ id: tenants.id });
  return rows.length > 0;
}

/** A tenant's id, company and status (acting as it). */
export async function findTenantSummary(
  g: GlobalReader,
  id: number,
): Promise<{ id: number; companyId: number; companyName: string; status: number } | undefined> {
  const [row] = await g
    .select({
      id: tenants.id,
      companyId: tenants.companyId,
      companyName: tenants.companyName,
      status: tenants.status,
    })
    .from(tenants)
    .where(eq(tenants.id, id));
  return row;
}

/** Every tenant's id, in order. */
export async function allTenantIds(g: GlobalReader): Promise<number[]> {
  const rows = await g.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id));
  return rows.map((r) => r.id);
}
