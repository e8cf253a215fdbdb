import { likePattern, orgTypeName, ResultCode, type TPage, type TPageQuery } from '@shetuan/shared';
import type { TOrg, TOrgInput } from '@shetuan/shared/org';
import { aliasedTable, and, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { files } from '../../platform/files';
import { AppError } from '../../platform/http/errors';
import { regionFullName } from '../../platform/region';
import { sanitizeRichText } from '../../platform/richtext';
import { identities } from '../identity/tables';
import { orgs } from './tables';
import { assertTreeParent } from './tree';

const parent = aliasedTable(orgs, 'parent');
const fields = {
  id: orgs.id,
  parentId: orgs.parentId,
  parentName: parent.name,
  name: orgs.name,
  orgType: orgs.orgType,
  regionCode: orgs.regionCode,
  status: orgs.status,
  attachments: orgs.attachments,
  description: orgs.description,
  createdAt: orgs.createdAt,
  memberCount: sql<number>`(select count(*)::int from ${identities} i where i.tenant_id = ${orgs.tenantId} and i.org_id = ${orgs.id})`,
};
type Row = {
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
const toOrg = (r: Row): TOrg => ({
  ...r,
  parentName: r.parentName ?? '',
  regionCode: r.regionCode ?? '',
  regionName: r.regionCode ? regionFullName(r.regionCode) : '',
  orgTypeName: orgTypeName(r.orgType),
  attachments: r.attachments.map((a) => ({ ...a, url: `/systemfile/files/${a.id}` })),
  createdAt: r.createdAt.toISOString(),
});
const filter = (keyword?: string) => (keyword ? ilike(orgs.name, likePattern(keyword)) : undefined);
const base = (tx: Tx, keyword?: string) =>
  tx
    .select(fields)
    .from(orgs)
    .leftJoin(parent, and(eq(parent.tenantId, orgs.tenantId), eq(parent.id, orgs.parentId)))
    .where(filter(keyword))
    .orderBy(sql`${orgs.parentId} nulls first`, orgs.sort, orgs.id);

export async function listOrgsPage(tx: Tx, query: TPageQuery): Promise<TPage<TOrg>> {
  const [total] = await tx.select({ n: count() }).from(orgs).where(filter(query.keyword));
  const rows = await base(tx, query.keyword)
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  return { records: rows.map(toOrg), total: total?.n ?? 0, current: query.current, pageSize: query.pageSize };
}

export async function allOrgs(tx: Tx, keyword?: string): Promise<TOrg[]> {
  return (await base(tx, keyword).limit(50_000)).map(toOrg);
}

async function checkParent(tx: Tx, id: number | null, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const all = await tx.select({ id: orgs.id, parentId: orgs.parentId }).from(orgs);
  assertTreeParent(all, id, parentId, { missing: '上级单位不存在', cycle: '上级单位不能是本单位或其下级单位' });
}

/** The attachments as the tenant's files say they are (names and sizes are never taken from the client). */
async function attachmentsOf(tx: Tx, input: TOrgInput) {
  const ids = [...new Set(input.attachments.map((a) => a.id))];
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: files.id, name: files.realFileName, filePath: files.path, fileSize: files.fileSize })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.status, 'ready')));
  if (rows.length !== ids.length) throw new AppError(ResultCode.FAILED, '证明材料不存在，请重新上传');
  return ids.map((id) => rows.find((r) => r.id === id) as (typeof rows)[number]);
}

export async function createOrg(tx: Tx, tenantId: number, input: TOrgInput): Promise<number> {
  await checkParent(tx, null, input.parentId);
  const attachments = await attachmentsOf(tx, input);
  const [row] = await tx
    .insert(orgs)
    .values({
      tenantId,
      name: input.name,
      orgType: input.orgType,
      parentId: input.parentId,
      regionCode: input.regionCode || null,
      status: input.status,
      attachments,
      description: sanitizeRichText(input.description),
    })
    .returning({ id: orgs.id });
  return row?.id ?? 0;
}

export async function updateOrg(tx: Tx, id: number, input: TOrgInput): Promise<void> {
  await checkParent(tx, id, input.parentId);
  const attachments = await attachmentsOf(tx, input);
  const rows = await tx
    .update(orgs)
    .set({
      name: input.name,
      orgType: input.orgType,
      parentId: input.parentId,
      regionCode: input.regionCode || null,
      status: input.status,
      attachments,
      description: sanitizeRichText(input.description),
      updatedAt: new Date(),
    })
    .where(eq(orgs.id, id))
    .returning({ id: orgs.id });
  if (rows.length === 0) throw new AppError(ResultCode.FAILED, '单位不存在');
}

export async function deleteOrg(tx: Tx, id: number): Promise<void> {
  const [children] = await tx.select({ n: count() }).from(orgs).where(eq(orgs.parentId, id));
  const [members] = await tx.select({ n: count() }).from(identities).where(eq(identities.orgId, id));
  if ((children?.n ?? 0) > 0 || (members?.n ?? 0) > 0)
    throw new AppError(ResultCode.FAILED, '该单位下还有下级单位或人员，无法删除');
  const rows = await tx.delete(orgs).where(eq(orgs.id, id)).returning({ id: orgs.id });
  if (rows.length === 0) throw new AppError(ResultCode.FAILED, '单位不存在');
}
