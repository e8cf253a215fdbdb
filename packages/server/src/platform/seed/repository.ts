import { eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { tenantDomains, tenants } from '../tenancy/tables';

/*
 * The demo seed's own SQL: tenants and tenant_domains are global tables (reference tables on
 * Citus), so no tenant predicate applies. Run as the owner (db.asOwner).
 */

/** Whether a tenant has that domain. */
export async function domainExists(tx: Tx, domain: string): Promise<boolean> {
  const [existing] = await tx
    .select({ domain: tenantDomains.domain })
    .from(tenantDomains)
    .where(eq(tenantDomains.domain, domain));
  return Boolean(existing);
}

/** A new tenant with its domains; its id. */
export async function insertTenantWithDomains(
  tx: Tx,
  values: typeof tenants.$inferInsert,
  domains: readonly string[],
): Promise<number> {
  const [row] = await tx.insert(tenants).values(values).returning({ id: tenants.id });
  if (!row) throw new Error('tenant insert returned no row');
  await tx.insert(tenantDomains).values(domains.map((domain) => ({ domain, tenantRef: row.id })));
  return row.id;
}
