import { orgTypeName, ResultCode, type TPage, type TPageQuery } from '@shetuan/shared';
import type { ORG_UNITS, TOrg, TOrgInput } from '@shetuan/shared/org';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { regionFullName } from '../../platform/region';
import type { ResourceService } from '../../platform/resource';
import { sanitizeRichText } from '../../platform/richtext';
import * as repo from './repository';
import { assertTreeParent } from './tree';

const toOrg = (r: repo.OrgListRow): TOrg => ({
  ...r,
  parentName: r.parentName ?? '',
  regionCode: r.regionCode ?? '',
  regionName: r.regionCode ? regionFullName(r.regionCode) : '',
  orgTypeName: orgTypeName(r.orgType),
  attachments: r.attachments.map((a) => ({ ...a, url: `/systemfile/files/${a.id}` })),
  createdAt: r.createdAt.toISOString(),
});
async function listOrgsPage(tx: Tx, tenantId: number, query: TPageQuery): Promise<TPage<TOrg>> {
  const total = await repo.countOrgs(tx, tenantId, query.keyword);
  const rows = await repo.listOrgRows(
    tx,
    tenantId,
    query.keyword,
    query.pageSize,
    (query.current - 1) * query.pageSize,
  );
  return { records: rows.map(toOrg), total, current: query.current, pageSize: query.pageSize };
}

/** Every unit, roots first (the unit pickers). */
export async function allOrgs(tx: Tx, tenantId: number): Promise<TOrg[]> {
  return (await repo.listOrgRows(tx, tenantId, undefined, 50_000)).map(toOrg);
}

async function checkParent(tx: Tx, tenantId: number, id: number | null, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const all = await repo.orgParents(tx, tenantId);
  assertTreeParent(all, id, parentId, { missing: '上级单位不存在', cycle: '上级单位不能是本单位或其下级单位' });
}

/** The attachments as the tenant's files say they are (names and sizes are never taken from the client). */
async function attachmentsOf(tx: Tx, tenantId: number, input: TOrgInput) {
  const ids = [...new Set(input.attachments.map((a) => a.id))];
  if (ids.length === 0) return [];
  const rows = await repo.readyFiles(tx, tenantId, ids);
  if (rows.length !== ids.length) throw new AppError(ResultCode.FAILED, '证明材料不存在，请重新上传');
  return ids.map((id) => rows.find((r) => r.id === id) as (typeof rows)[number]);
}

async function createOrg(tx: Tx, tenantId: number, input: TOrgInput): Promise<number> {
  await checkParent(tx, tenantId, null, input.parentId);
  const attachments = await attachmentsOf(tx, tenantId, input);
  const row = await repo.insertOrg(tx, tenantId, {
    name: input.name,
    orgType: input.orgType,
    parentId: input.parentId,
    regionCode: input.regionCode || null,
    status: input.status,
    attachments,
    description: sanitizeRichText(input.description),
  });
  return row.id;
}

async function updateOrg(tx: Tx, tenantId: number, id: number, input: TOrgInput): Promise<void> {
  await checkParent(tx, tenantId, id, input.parentId);
  const attachments = await attachmentsOf(tx, tenantId, input);
  const found = await repo.updateOrgRow(tx, tenantId, id, {
    name: input.name,
    orgType: input.orgType,
    parentId: input.parentId,
    regionCode: input.regionCode || null,
    status: input.status,
    attachments,
    description: sanitizeRichText(input.description),
  });
  if (!found) throw new AppError(ResultCode.FAILED, '单位不存在');
}

async function deleteOrg(tx: Tx, tenantId: number, id: number): Promise<void> {
  const children = await repo.countChildOrgs(tx, tenantId, id);
  const members = await repo.countOrgMembers(tx, tenantId, id);
  if (children > 0 || members > 0) throw new AppError(ResultCode.FAILED, '该单位下还有下级单位或人员，无法删除');
  if (!(await repo.deleteOrgRow(tx, tenantId, id))) throw new AppError(ResultCode.FAILED, '单位不存在');
}

/** /company through the resource kit. */
export const orgService: ResourceService<typeof ORG_UNITS> = {
  list: listOrgsPage,
  async get(tx, tenantId, id) {
    const row = await repo.findOrgRow(tx, tenantId, id);
    return row ? toOrg(row) : null;
  },
  create: createOrg,
  update: updateOrg,
  remove: deleteOrg,
};
