import { likePattern } from '@shetuan/shared';
import { and, asc, eq, ilike, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../../platform/db';
import { identities, orgs } from '../../../platform/directory/tables';

/** The payees' SQL (payees/index.ts has the rules). Every query names its tenant. */

export interface IdentityUnit {
  identityCode: number;
  orgId: number | null;
  /** The unit's parent: null for a root of the tenant's tree (the tenant's own organisation). */
  parentId: number | null;
  orgName: string | null;
}

/** The caller's identity and its unit. */
export async function identityUnit(tx: Tx, tenantId: number, identityId: number): Promise<IdentityUnit | undefined> {
  const [row] = await tx
    .select({
      identityCode: identities.identityCode,
      orgId: identities.orgId,
      parentId: orgs.parentId,
      orgName: orgs.name,
    })
    .from(identities)
    .leftJoin(orgs, and(eq(orgs.tenantId, tenantId), eq(orgs.id, identities.orgId)))
    .where(and(eq(identities.tenantId, tenantId), eq(identities.id, identityId)));
  return row;
}

/** An organisation of the tenant: its name, and its parent (null for a root). */
export async function orgOf(
  tx: Tx,
  tenantId: number,
  orgId: number,
): Promise<{ id: number; name: string; parentId: number | null } | undefined> {
  const [row] = await tx
    .select({ id: orgs.id, name: orgs.name, parentId: orgs.parentId })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), eq(orgs.id, orgId)));
  return row;
}

/** The names of some organisations of the tenant. */
export async function orgNames(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: orgs.id, name: orgs.name })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), inArray(orgs.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The organisations that may receive money (every one below the tenant's own), by name. */
export async function payeeOrgs(tx: Tx, tenantId: number, keyword: string | undefined, limit: number) {
  return tx
    .select({ id: orgs.id, name: orgs.name })
    .from(orgs)
    .where(
      and(
        eq(orgs.tenantId, tenantId),
        isNotNull(orgs.parentId),
        keyword ? ilike(orgs.name, likePattern(keyword)) : undefined,
      ),
    )
    .orderBy(asc(orgs.sort), asc(orgs.id))
    .limit(limit);
}

/** An organisation of the tenant by its name (the demo data names its payees so). */
export async function orgIdByName(tx: Tx, tenantId: number, name: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), eq(orgs.name, name)))
    .limit(1);
  return row?.id;
}
