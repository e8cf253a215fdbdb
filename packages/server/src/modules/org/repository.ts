import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { orgs } from './tables';

export type OrgRow = typeof orgs.$inferSelect;
export type NewOrg = Omit<typeof orgs.$inferInsert, 'tenantId' | 'id'>;

/** Lists the organisations of the transaction's tenant; RLS keeps others out even without a WHERE. */
export function listOrgs(tx: Tx): Promise<OrgRow[]> {
  return tx.select().from(orgs).orderBy(asc(orgs.sort), asc(orgs.id));
}

export async function insertOrg(tx: Tx, tenantId: number, org: NewOrg): Promise<OrgRow> {
  const [row] = await tx
    .insert(orgs)
    .values({ ...org, tenantId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function findOrg(tx: Tx, id: number): Promise<OrgRow | undefined> {
  return tx
    .select()
    .from(orgs)
    .where(eq(orgs.id, id))
    .limit(1)
    .then((rows) => rows[0]);
}
