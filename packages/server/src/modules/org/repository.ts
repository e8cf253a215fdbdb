import { likePattern } from '@shetuan/shared';
import type { TDepartment } from '@shetuan/shared/org';
import { aliasedTable, and, asc, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { departments, identities, orgs, tenantUsers } from '../../platform/directory/tables';
import { files } from '../../platform/files';

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

/*
 * Every function below names the tenant in its WHERE, INSERT and JOIN conditions
 * (docs/scale-out.md: only an explicit tenant predicate routes a query to one shard); row-level
 * security stays as the safety net.
 */

// ---- Units (orgs, /company) ----

const parentOrg = aliasedTable(orgs, 'parent');
const orgFields = {
  id: orgs.id,
  parentId: orgs.parentId,
  parentName: parentOrg.name,
  name: orgs.name,
  orgType: orgs.orgType,
  regionCode: orgs.regionCode,
  status: orgs.status,
  attachments: orgs.attachments,
  description: orgs.description,
  createdAt: orgs.createdAt,
  memberCount: sql<number>`(select count(*)::int from ${identities} i where i.tenant_id = ${orgs.tenantId} and i.org_id = ${orgs.id})`,
};
export type OrgListRow = {
  id: number;
  parentId: number | null;
  parentName: string | null;
  name: string;
  orgType: number;
  regionCode: string | null;
  status: number;
  attachments: { id: number; name: string; filePath: string; fileSize: number }[];
  description: string;
  createdAt: Date;
  memberCount: number;
};
const orgsMatching = (tenantId: number, keyword?: string, id?: number) =>
  and(
    eq(orgs.tenantId, tenantId),
    keyword ? ilike(orgs.name, likePattern(keyword)) : undefined,
    id === undefined ? undefined : eq(orgs.id, id),
  );

export async function countOrgs(tx: Tx, tenantId: number, keyword?: string): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(orgs).where(orgsMatching(tenantId, keyword));
  return total?.n ?? 0;
}

/** Units matching the keyword with their parent's name and member count: roots first, then by sort. */
export function listOrgRows(
  tx: Tx,
  tenantId: number,
  keyword: string | undefined,
  limit: number,
  offset?: number,
): Promise<OrgListRow[]> {
  const query = tx
    .select(orgFields)
    .from(orgs)
    .leftJoin(parentOrg, and(eq(parentOrg.tenantId, orgs.tenantId), eq(parentOrg.id, orgs.parentId)))
    .where(orgsMatching(tenantId, keyword))
    .orderBy(sql`${orgs.parentId} nulls first`, orgs.sort, orgs.id)
    .limit(limit);
  return offset === undefined ? query : query.offset(offset);
}

/** One unit as the list shows it; undefined when the tenant has no such unit. */
export async function findOrgRow(tx: Tx, tenantId: number, id: number): Promise<OrgListRow | undefined> {
  const [row] = await tx
    .select(orgFields)
    .from(orgs)
    .leftJoin(parentOrg, and(eq(parentOrg.tenantId, orgs.tenantId), eq(parentOrg.id, orgs.parentId)))
    .where(orgsMatching(tenantId, undefined, id));
  return row;
}

/** Every unit's id and parent (the tree checks). */
export function orgParents(tx: Tx, tenantId: number): Promise<{ id: number; parentId: number | null }[]> {
  return tx.select({ id: orgs.id, parentId: orgs.parentId }).from(orgs).where(eq(orgs.tenantId, tenantId));
}

/** The tenant's ready files among the ids, as attachments (name, path, size from the file rows). */
export function readyFiles(
  tx: Tx,
  tenantId: number,
  ids: number[],
): Promise<{ id: number; name: string; filePath: string; fileSize: number }[]> {
  return tx
    .select({ id: files.id, name: files.realFileName, filePath: files.path, fileSize: files.fileSize })
    .from(files)
    .where(and(eq(files.tenantId, tenantId), inArray(files.id, ids), eq(files.status, 'ready')));
}

/** Changes a unit; false when it does not exist. */
export async function updateOrgRow(
  tx: Tx,
  tenantId: number,
  id: number,
  values: Omit<NewOrg, 'sort'>,
): Promise<boolean> {
  const rows = await tx
    .update(orgs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orgs.tenantId, tenantId), eq(orgs.id, id)))
    .returning({ id: orgs.id });
  return rows.length > 0;
}

export async function countChildOrgs(tx: Tx, tenantId: number, id: number): Promise<number> {
  const [children] = await tx
    .select({ n: count() })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), eq(orgs.parentId, id)));
  return children?.n ?? 0;
}

/** How many identities (members) belong to the unit. */
export async function countOrgMembers(tx: Tx, tenantId: number, id: number): Promise<number> {
  const [members] = await tx
    .select({ n: count() })
    .from(identities)
    .where(and(eq(identities.tenantId, tenantId), eq(identities.orgId, id)));
  return members?.n ?? 0;
}

/** Deletes a unit; false when it did not exist. */
export async function deleteOrgRow(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(orgs)
    .where(and(eq(orgs.tenantId, tenantId), eq(orgs.id, id)))
    .returning({ id: orgs.id });
  return rows.length > 0;
}

// ---- Departments (/departmentManage) ----

const parentDept = aliasedTable(departments, 'parent');
const departmentFields = {
  id: departments.id,
  parentId: departments.parentId,
  parentName: parentDept.name,
  name: departments.name,
  leader: departments.leader,
  phone: departments.phone,
  sort: departments.sort,
  status: departments.status,
  createdAt: departments.createdAt,
  staffCount: sql<number>`(select count(*)::int from ${tenantUsers} u where u.tenant_id = ${departments.tenantId} and u.dept_id = ${departments.id})`,
};
export type DepartmentListRow = Omit<TDepartment, 'parentName' | 'createdAt' | 'children'> & {
  parentName: string | null;
  createdAt: Date;
};
export type DepartmentValues = Omit<typeof departments.$inferInsert, 'tenantId' | 'id'>;

const departmentsMatching = (tenantId: number, keyword?: string, id?: number) =>
  and(
    eq(departments.tenantId, tenantId),
    keyword
      ? or(ilike(departments.name, likePattern(keyword)), ilike(departments.leader, likePattern(keyword)))
      : undefined,
    id === undefined ? undefined : eq(departments.id, id),
  );

export async function countDepartments(tx: Tx, tenantId: number, keyword?: string): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(departments).where(departmentsMatching(tenantId, keyword));
  return total?.n ?? 0;
}

/** Departments matching the keyword (name or leader) with their parent's name and staff count, by sort. */
export function listDepartmentRows(
  tx: Tx,
  tenantId: number,
  keyword: string | undefined,
  limit: number,
  offset?: number,
): Promise<DepartmentListRow[]> {
  const query = tx
    .select(departmentFields)
    .from(departments)
    .leftJoin(parentDept, and(eq(parentDept.tenantId, departments.tenantId), eq(parentDept.id, departments.parentId)))
    .where(departmentsMatching(tenantId, keyword))
    .orderBy(departments.sort, departments.id)
    .limit(limit);
  return offset === undefined ? query : query.offset(offset);
}

/** One department as the list shows it; undefined when the tenant has no such department. */
export async function findDepartmentRow(tx: Tx, tenantId: number, id: number): Promise<DepartmentListRow | undefined> {
  const [row] = await tx
    .select(departmentFields)
    .from(departments)
    .leftJoin(parentDept, and(eq(parentDept.tenantId, departments.tenantId), eq(parentDept.id, departments.parentId)))
    .where(departmentsMatching(tenantId, undefined, id));
  return row;
}

/** Every department's id and parent (the tree checks). */
export function departmentParents(tx: Tx, tenantId: number): Promise<{ id: number; parentId: number | null }[]> {
  return tx
    .select({ id: departments.id, parentId: departments.parentId })
    .from(departments)
    .where(eq(departments.tenantId, tenantId));
}

/** The ids of the departments with that name under that parent (null: top level). */
export async function departmentsNamed(
  tx: Tx,
  tenantId: number,
  name: string,
  parentId: number | null,
): Promise<number[]> {
  const same = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        eq(departments.tenantId, tenantId),
        eq(departments.name, name),
        parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId),
      ),
    );
  return same.map((d) => d.id);
}

/** The new department's id (undefined if the insert returned nothing). */
export async function insertDepartment(
  tx: Tx,
  tenantId: number,
  values: DepartmentValues,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(departments)
    .values({ tenantId, ...values })
    .returning({ id: departments.id });
  return row?.id;
}

export async function departmentExists(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)));
  return Boolean(row);
}

export async function updateDepartmentRow(
  tx: Tx,
  tenantId: number,
  id: number,
  values: Partial<DepartmentValues>,
): Promise<void> {
  await tx
    .update(departments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)));
}

export async function countChildDepartments(tx: Tx, tenantId: number, id: number): Promise<number> {
  const [children] = await tx
    .select({ n: count() })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.parentId, id)));
  return children?.n ?? 0;
}

/** How many of the tenant's people belong to the department. */
export async function countDepartmentStaff(tx: Tx, tenantId: number, id: number): Promise<number> {
  const [staff] = await tx
    .select({ n: count() })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.deptId, id)));
  return staff?.n ?? 0;
}

/** Deletes a department; false when it did not exist. */
export async function deleteDepartmentRow(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const gone = await tx
    .delete(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.id, id)))
    .returning({ id: departments.id });
  return gone.length > 0;
}
