import { createHash, randomBytes } from 'node:crypto';
import { ResultCode, type TPage } from '@shetuan/shared';
import {
  applicationStatusName,
  callStatusOn,
  chinaToday,
  EXPERT_DOMAINS,
  EXPERT_LABELS,
  type EXPERTS,
  ExpertStatus,
  expertStatusName,
  type TAnswerLine,
  type TExpert,
  type TExpertAuditInput,
  type TExpertAuditItem,
  type TExpertAuditQuery,
  type TExpertDomain,
  type TExpertDomainInput,
  type TExpertLabel,
  type TExpertLabelInput,
  type TExpertProfile,
  type TExpertQuery,
  type TMyExpert,
  type TMyExpertInput,
  type TProfileChange,
  type TProfileDiff,
} from '@shetuan/shared/experts';
import { IdentityStatus } from '@shetuan/shared/identity';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { sendMessage } from '../../platform/messages';
import { regionFullName, regionList } from '../../platform/region';
import { type ResourceScope, type ResourceService, resourceNotFound } from '../../platform/resource';
import { grantIdentity, grantIdentityToUser, setIdentityStatus } from '../identity';
import { callToApply } from './call-rules';
import { answerReader, checkedAnswers, ownQuestions, publishedExpertForm } from './form';
import * as repo from './repository';
import * as callsRepo from './repository/calls';
import { insertEvent } from './repository/record';

/** The identity an expert of the library holds (spec 000 §6: 3 专家). */
export const EXPERT_IDENTITY_CODE = 3;

const fail = (message: string) => new AppError(ResultCode.FAILED, message);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const offsetOf = (q: { current: number; pageSize: number }) => ({
  offset: (q.current - 1) * q.pageSize,
  limit: q.pageSize,
});

/** The region code's prefix that covers its area: 33 for 330000, 3301 for 330100, 330106 for a county. */
export function regionPrefix(code: string): string {
  if (code.endsWith('0000')) return code.slice(0, 2);
  if (code.endsWith('00')) return code.slice(0, 4);
  return code;
}

/**
 * The caller is app.user_id in the resource kit's transactions too: an expert's history records
 * who acted (repository/record.ts insertEvent).
 */
export const WITH_USER_SCOPE: ResourceScope = {
  request: (db, request, work) =>
    callerTenant(db, { withUser: true })(request, (tx) => work(tx, authOf(request).tenantId)),
  job: (ctx, work) => ctx.db.withTenant(ctx.tenantId, (tx) => work(tx, ctx.tenantId)),
};

// ———————————————————————— domains ————————————————————————

/** Each domain's name with its ancestors' (信息技术 / 人工智能). */
export function domainPaths(rows: repo.DomainRow[]): Map<number, string> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const paths = new Map<number, string>();
  const pathOf = (id: number, depth = 0): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row) return '';
    const parent = row.parentId !== null && depth < 20 ? pathOf(row.parentId, depth + 1) : '';
    const path = parent ? `${parent} / ${row.name}` : row.name;
    paths.set(id, path);
    return path;
  };
  for (const r of rows) pathOf(r.id);
  return paths;
}

async function domainTree(tx: Tx, tenantId: number, keyword?: string): Promise<TExpertDomain[]> {
  const rows = await repo.allDomains(tx, tenantId);
  const counts = await repo.domainExpertCounts(tx, tenantId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const view = (r: repo.DomainRow): TExpertDomain => ({
    id: r.id,
    parentId: r.parentId,
    parentName: r.parentId !== null ? (byId.get(r.parentId)?.name ?? '') : '',
    name: r.name,
    sort: r.sort,
    expertCount: counts.get(r.id) ?? 0,
  });
  if (keyword) return rows.filter((r) => r.name.includes(keyword)).map(view);
  const childrenOf = (parentId: number | null): TExpertDomain[] =>
    rows
      .filter((r) => r.parentId === parentId)
      .map((r) => {
        const children = childrenOf(r.id);
        return children.length > 0 ? { ...view(r), children } : view(r);
      });
  return childrenOf(null);
}

async function checkDomainParent(tx: Tx, tenantId: number, id: number | null, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const rows = await repo.allDomains(tx, tenantId);
  if (!rows.some((r) => r.id === parentId)) throw fail('上级领域不存在');
  if (id !== null && (await repo.domainWithDescendants(tx, tenantId, id)).includes(parentId))
    throw fail('上级领域不能是它自己或它的下级');
}

async function checkDomainName(tx: Tx, tenantId: number, id: number | null, input: TExpertDomainInput): Promise<void> {
  const rows = await repo.allDomains(tx, tenantId);
  if (rows.some((r) => r.id !== id && r.parentId === input.parentId && r.name === input.name))
    throw fail('同一上级下已有同名领域');
}

export const domainService: ResourceService<typeof EXPERT_DOMAINS> = {
  async list(tx, tenantId, q) {
    const all = await domainTree(tx, tenantId, q.keyword);
    const { offset, limit } = offsetOf(q);
    return { records: all.slice(offset, offset + limit), total: all.length, current: q.current, pageSize: q.pageSize };
  },
  async get(tx, tenantId, id) {
    const flat = await domainTree(tx, tenantId, undefined);
    const find = (list: TExpertDomain[]): TExpertDomain | null => {
      for (const d of list) {
        if (d.id === id) return { ...d, children: undefined };
        const inside = find(d.children ?? []);
        if (inside) return inside;
      }
      return null;
    };
    return find(flat);
  },
  async create(tx, tenantId, input) {
    await checkDomainParent(tx, tenantId, null, input.parentId);
    await checkDomainName(tx, tenantId, null, input);
    return repo.insertDomain(tx, tenantId, input);
  },
  async update(tx, tenantId, id, input) {
    await checkDomainParent(tx, tenantId, id, input.parentId);
    await checkDomainName(tx, tenantId, id, input);
    if (!(await repo.updateDomain(tx, tenantId, id, input))) throw resourceNotFound(EXPERT_DOMAINS);
  },
  async remove(tx, tenantId, id) {
    if (await repo.domainHasChildren(tx, tenantId, id)) throw fail('请先删除下级领域');
    if ((await repo.expertsUsingDomain(tx, tenantId, id)) > 0) throw fail('有专家属于该领域，不能删除');
    await repo.deleteDomain(tx, tenantId, id);
  },
};

/** Domains for selects: every domain with its full path, tree order. */
export async function domainOptions(tx: Tx, tenantId: number) {
  const rows = await repo.allDomains(tx, tenantId);
  const paths = domainPaths(rows);
  const ordered: repo.DomainRow[] = [];
  const walk = (parentId: number | null) => {
    for (const r of rows.filter((x) => x.parentId === parentId)) {
      ordered.push(r);
      walk(r.id);
    }
  };
  walk(null);
  return { list: ordered.map((r) => ({ id: r.id, name: paths.get(r.id) ?? r.name, parentId: r.parentId })) };
}

// ———————————————————————— labels ————————————————————————

const labelView = (r: repo.LabelRow & { expertCount?: number }): TExpertLabel => ({
  id: r.id,
  name: r.name,
  description: r.description,
  sort: r.sort,
  expertCount: r.expertCount ?? 0,
  createdAt: r.createdAt.toISOString(),
});

async function checkLabelName(tx: Tx, tenantId: number, id: number | null, input: TExpertLabelInput) {
  const same = await repo.labelByName(tx, tenantId, input.name);
  if (same && same.id !== id) throw fail('标签名称已存在');
}

export const labelService: ResourceService<typeof EXPERT_LABELS> = {
  async list(tx, tenantId, q) {
    const total = await repo.countLabels(tx, tenantId, q.keyword);
    const rows = await repo.pageLabels(tx, tenantId, { keyword: q.keyword, ...offsetOf(q) });
    const counts = rows.length > 0 ? await repo.activeLabelCounts(tx, tenantId) : new Map<number, number>();
    return {
      records: rows.map((r) => labelView({ ...r, expertCount: counts.get(r.id) ?? 0 })),
      total,
      current: q.current,
      pageSize: q.pageSize,
    };
  },
  async get(tx, tenantId, id) {
    const row = (await repo.allLabels(tx, tenantId)).find((l) => l.id === id);
    if (!row) return null;
    return labelView({ ...row, expertCount: (await repo.activeLabelCounts(tx, tenantId)).get(id) ?? 0 });
  },
  async create(tx, tenantId, input) {
    await checkLabelName(tx, tenantId, null, input);
    return repo.insertLabel(tx, tenantId, input);
  },
  async update(tx, tenantId, id, input) {
    await checkLabelName(tx, tenantId, id, input);
    if (!(await repo.updateLabel(tx, tenantId, id, input))) throw resourceNotFound(EXPERT_LABELS);
  },
  async remove(tx, tenantId, id) {
    if ((await callsRepo.callsUsingLabel(tx, tenantId, id)) > 0)
      throw fail('该标签是专家征集的入库标签，请先修改或删除相应的征集');
    await repo.deleteLabel(tx, tenantId, id);
  },
};

export async function labelOptions(tx: Tx, tenantId: number) {
  return { list: (await repo.allLabels(tx, tenantId)).map((l) => ({ id: l.id, name: l.name })) };
}

export async function unitOptions(tx: Tx, tenantId: number) {
  return { list: await repo.unitOptions(tx, tenantId) };
}

// ———————————————————————— experts ————————————————————————

/** Names of the domains, labels and units a page of experts refers to, read once for the page. */
export interface Names {
  domains: Map<number, string>;
  labels: Map<number, string>;
  units: Map<number, string>;
}

export async function namesFor(tx: Tx, tenantId: number, rows: readonly repo.ExpertRow[]): Promise<Names> {
  const domains = domainPaths(await repo.allDomains(tx, tenantId));
  const labels = new Map((await repo.allLabels(tx, tenantId)).map((l) => [l.id, l.name]));
  const unitIds = [...new Set(rows.flatMap((r) => r.avoidUnitIds))];
  const units = await repo.unitNames(tx, tenantId, unitIds);
  return { domains, labels, units };
}

const regionNames = new Map<string, string>();
export function regionName(code: string): string {
  if (!code) return '';
  let name = regionNames.get(code);
  if (name === undefined) {
    name = regionFullName(code);
    regionNames.set(code, name);
  }
  return name;
}

function expertView(r: repo.ExpertRow, names: Names, answers: TAnswerLine[] = []): TExpert {
  const pick = (ids: number[], map: Map<number, string>) =>
    ids.map((id) => map.get(id)).filter((n): n is string => n !== undefined);
  return {
    id: r.id,
    userId: r.userId,
    name: r.name,
    mobile: r.mobile,
    gender: r.gender,
    email: r.email,
    unitId: r.unitId,
    unitName: r.unitName,
    position: r.position,
    title: r.title,
    education: r.education,
    regionCode: r.regionCode,
    regionName: regionName(r.regionCode),
    domainIds: r.domainIds,
    domainNames: pick(r.domainIds, names.domains),
    labelIds: r.labelIds,
    labelNames: pick(r.labelIds, names.labels),
    avoidUnitIds: r.avoidUnitIds,
    avoidUnitNames: pick(r.avoidUnitIds, names.units),
    intro: r.intro,
    status: r.status,
    source: r.source,
    rejectReason: r.rejectReason,
    changePending: r.pendingChange !== null,
    callId: r.callId,
    createdAt: r.createdAt.toISOString(),
    approvedAt: iso(r.approvedAt),
    answers,
  };
}

/** Experts as the screens show them, answers to the tenant's own questions included. */
export async function expertViews(tx: Tx, tenantId: number, rows: readonly repo.ExpertRow[]): Promise<TExpert[]> {
  const names = await namesFor(tx, tenantId, rows);
  const read = answerReader(tx, tenantId);
  const out: TExpert[] = [];
  for (const r of rows) out.push(expertView(r, names, await read(r)));
  return out;
}

/** Checks the domains, labels and units a profile names, and fills the unit's name. */
async function checkedProfile<T extends TExpertProfile & { labelIds?: number[] }>(
  tx: Tx,
  tenantId: number,
  input: T,
): Promise<T> {
  const domainIds = new Set((await repo.allDomains(tx, tenantId)).map((d) => d.id));
  if (input.domainIds.some((id) => !domainIds.has(id))) throw fail('专业领域不存在，请重新选择');
  if (input.labelIds?.length) {
    const labels = new Set((await repo.allLabels(tx, tenantId)).map((l) => l.id));
    if (input.labelIds.some((id) => !labels.has(id))) throw fail('标签不存在，请重新选择');
  }
  const unitIds = [...new Set([...(input.unitId !== null ? [input.unitId] : []), ...input.avoidUnitIds])];
  const units = await repo.unitNames(tx, tenantId, unitIds);
  if (unitIds.some((id) => !units.has(id))) throw fail('单位不存在，请重新选择');
  if (input.regionCode && !regionName(input.regionCode)) throw fail('所在地区不正确');
  const unitName = input.unitId !== null ? (units.get(input.unitId) ?? '') : input.unitName;
  if (!unitName) throw fail('请选择或填写工作单位');
  return {
    ...input,
    unitName,
    domainIds: [...new Set(input.domainIds)],
    avoidUnitIds: [...new Set(input.avoidUnitIds)],
    ...(input.labelIds ? { labelIds: [...new Set(input.labelIds)] } : {}),
  };
}

function profileColumns(p: TExpertProfile) {
  return {
    name: p.name,
    gender: p.gender,
    email: p.email,
    unitId: p.unitId,
    unitName: p.unitName,
    position: p.position,
    title: p.title,
    education: p.education,
    regionCode: p.regionCode,
    domainIds: p.domainIds,
    avoidUnitIds: p.avoidUnitIds,
    intro: p.intro,
  };
}

async function listExperts(tx: Tx, tenantId: number, q: TExpertQuery): Promise<TPage<TExpert>> {
  const filter: repo.ExpertFilter = {
    keyword: q.keyword,
    statuses: q.status !== undefined ? [q.status] : undefined,
    domainIds: q.domainId ? await repo.domainWithDescendants(tx, tenantId, q.domainId) : undefined,
    labelId: q.labelId,
    regionPrefix: q.regionCode ? regionPrefix(q.regionCode) : undefined,
    unitId: q.unitId,
  };
  if (filter.domainIds?.length === 0) return { records: [], total: 0, current: q.current, pageSize: q.pageSize };
  const total = await repo.countExperts(tx, tenantId, filter);
  const rows = total > 0 ? await repo.pageExperts(tx, tenantId, filter, offsetOf(q)) : [];
  return { records: await expertViews(tx, tenantId, rows), total, current: q.current, pageSize: q.pageSize };
}

export async function requireExpert(tx: Tx, tenantId: number, id: number): Promise<repo.ExpertRow> {
  const row = await repo.expertById(tx, tenantId, id);
  if (!row) throw fail('专家不存在或已删除');
  return row;
}

export async function getExpert(tx: Tx, tenantId: number, id: number): Promise<TExpert | null> {
  const row = await repo.expertById(tx, tenantId, id);
  return row ? ((await expertViews(tx, tenantId, [row]))[0] ?? null) : null;
}

/** The import's look-ups by name: domains (path or own name), labels, units and regions. */
async function importLookup(tx: Tx, tenantId: number): Promise<Record<string, (name: string) => unknown>> {
  const domains = await repo.allDomains(tx, tenantId);
  const paths = domainPaths(domains);
  const domainByName = new Map<string, number | null>();
  for (const d of domains) {
    domainByName.set((paths.get(d.id) ?? d.name).replace(/\s*\/\s*/g, '/'), d.id);
    // A domain's own name stands for it when no other domain has that name.
    domainByName.set(d.name, domainByName.has(d.name) && domainByName.get(d.name) !== d.id ? null : d.id);
  }
  const labels = new Map((await repo.allLabels(tx, tenantId)).map((l) => [l.name, l.id]));
  const units = new Map((await repo.unitOptions(tx, tenantId)).map((u) => [u.name, u.id]));
  const regions = new Map(regionList().map((r) => [r.fullName.replace(/\s*\/\s*/g, '/'), r.c]));
  const slashed = (name: string) => name.trim().replace(/\s*[/／>＞]\s*/g, '/');
  const plain = (name: string) => name.trim().replace(/\s*[/／>＞]\s*|\s+/g, '/');
  return {
    domainIds: (name) => domainByName.get(slashed(name)) ?? undefined,
    labelIds: (name) => labels.get(name.trim()),
    avoidUnitIds: (name) => units.get(name.trim()),
    regionCode: (name) => regions.get(plain(name)),
  };
}

/** The tenant's own questions as export columns (the published version's, its answers as text). */
async function answerColumns(tx: Tx, tenantId: number) {
  const form = await publishedExpertForm(tx, tenantId);
  return (form ? ownQuestions(form.schema) : []).map((q) => ({
    header: q.label,
    width: 24,
    value: (row: TExpert) => row.answers.find((a) => a.id === q.id)?.text ?? '',
  }));
}

/** The titles of what an administrator's edit changed, for the record's history. */
function editedTitles(row: repo.ExpertRow, input: TExpertProfile & { labelIds: number[] }, names: Names): string {
  const titles = profileDiff(row, input, names).map((d) => d.title);
  const sameLabels =
    row.labelIds.length === input.labelIds.length && row.labelIds.every((id) => input.labelIds.includes(id));
  return [...titles, ...(sameLabels ? [] : ['标签'])].join('、');
}

export const expertService: ResourceService<typeof EXPERTS> = {
  list: listExperts,
  get: getExpert,
  /** An administrator adds an expert straight into the library. */
  async create(tx, tenantId, raw) {
    const input = await checkedProfile(tx, tenantId, raw);
    const { userId, identityId } = await grantIdentity(tx, tenantId, {
      mobile: input.mobile,
      name: input.name,
      identityCode: EXPERT_IDENTITY_CODE,
      orgId: input.unitId,
      status: IdentityStatus.ACTIVE,
    });
    const existing = await repo.expertByUser(tx, tenantId, userId);
    if (existing) throw fail(`该手机号已是本机构专家（${expertStatusName(existing.status)}）`);
    const id = await repo.insertExpert(tx, tenantId, {
      ...profileColumns(input),
      userId,
      identityId,
      mobile: input.mobile,
      labelIds: input.labelIds,
      status: ExpertStatus.ACTIVE,
      source: 'admin',
      approvedAt: new Date(),
    });
    await insertEvent(tx, tenantId, id, 'added');
    return id;
  },
  async update(tx, tenantId, id, raw) {
    const row = await requireExpert(tx, tenantId, id);
    const input = await checkedProfile(tx, tenantId, raw);
    const names = await namesFor(tx, tenantId, [row]);
    for (const [unitId, name] of await repo.unitNames(tx, tenantId, input.avoidUnitIds)) names.units.set(unitId, name);
    const changed = editedTitles(row, input, names);
    await repo.updateExpert(tx, tenantId, id, { ...profileColumns(input), labelIds: input.labelIds });
    if (changed) await insertEvent(tx, tenantId, id, 'edited', `修改了${changed}`);
  },
  async remove(tx, tenantId, id) {
    const row = await requireExpert(tx, tenantId, id);
    if (await repo.expertHasPicks(tx, tenantId, id)) throw fail('该专家参与过专家遴选，不能删除，可停用');
    await repo.deleteExpert(tx, tenantId, id);
    if (row.identityId !== null)
      await setIdentityStatus(tx, tenantId, row.identityId, {
        status: IdentityStatus.DISABLED,
        remark: '已移出专家库',
      });
  },
  importLookup,
  exportColumns: answerColumns,
  scope: WITH_USER_SCOPE,
};

/** 启用 / 停用: only an expert of the library; the expert identity follows. */
export async function setExpertStatus(tx: Tx, tenantId: number, id: number, status: 1 | 3): Promise<void> {
  const row = await requireExpert(tx, tenantId, id);
  if (row.status !== ExpertStatus.ACTIVE && row.status !== ExpertStatus.DISABLED)
    throw fail('该专家尚未入库，请在专家审核中处理');
  if (row.status === status) return;
  await repo.updateExpert(tx, tenantId, id, { status });
  await insertEvent(tx, tenantId, id, status === ExpertStatus.ACTIVE ? 'enabled' : 'disabled');
  if (row.identityId !== null)
    await setIdentityStatus(tx, tenantId, row.identityId, {
      status: status === ExpertStatus.ACTIVE ? IdentityStatus.ACTIVE : IdentityStatus.DISABLED,
    });
}

// ———————————————————————— approval ————————————————————————

const PROFILE_TITLES: [keyof TExpertProfile, string][] = [
  ['name', '姓名'],
  ['gender', '性别'],
  ['email', '邮箱'],
  ['unitName', '工作单位'],
  ['position', '职务'],
  ['title', '职称'],
  ['education', '学历'],
  ['regionCode', '所在地区'],
  ['domainIds', '专业领域'],
  ['avoidUnitIds', '回避单位'],
  ['intro', '个人简介'],
];

function profileDiff(row: repo.ExpertRow, change: TExpertProfile, names: Names): TProfileDiff[] {
  const text = (field: keyof TExpertProfile, value: unknown): string => {
    if (field === 'regionCode') return regionName(String(value ?? ''));
    if (field === 'domainIds') return (value as number[]).map((id) => names.domains.get(id) ?? '').join('、');
    if (field === 'avoidUnitIds') return (value as number[]).map((id) => names.units.get(id) ?? '').join('、');
    return String(value ?? '');
  };
  return PROFILE_TITLES.flatMap(([field, title]) => {
    const before = text(field, row[field as keyof repo.ExpertRow]);
    const after = text(field, change[field]);
    return before === after ? [] : [{ field, title, before, after }];
  });
}

/** The tenant's own questions whose answers a change alters (by question, as text). */
function answersDiff(before: TAnswerLine[], after: TAnswerLine[]): TProfileDiff[] {
  const ids = [...new Set([...after.map((a) => a.id), ...before.map((b) => b.id)])];
  return ids.flatMap((id) => {
    const b = before.find((x) => x.id === id);
    const a = after.find((x) => x.id === id);
    const was = b?.text ?? '';
    const now = a?.text ?? '';
    return was === now ? [] : [{ field: `answer:${id}`, title: a?.label ?? b?.label ?? id, before: was, after: now }];
  });
}

/** Everything a change alters: the profile's fields, then the answers when it carries them. */
async function changeDiff(
  row: repo.ExpertRow,
  change: TProfileChange,
  names: Names,
  read: ReturnType<typeof answerReader>,
): Promise<TProfileDiff[]> {
  const profile = profileDiff(row, change, names);
  if (change.answers === undefined) return profile;
  const after = await read({
    formKey: change.formKey ?? null,
    formVersion: change.formVersion ?? 0,
    formAnswers: change.answers,
  });
  return [...profile, ...answersDiff(await read(row), after)];
}

export async function listAudits(tx: Tx, tenantId: number, q: TExpertAuditQuery): Promise<TPage<TExpertAuditItem>> {
  const total = await repo.countAudits(tx, tenantId, q.kind, q.keyword);
  const rows = total > 0 ? await repo.pageAudits(tx, tenantId, q.kind, { keyword: q.keyword, ...offsetOf(q) }) : [];
  const changeUnits = rows.flatMap((r) => r.pendingChange?.avoidUnitIds ?? []);
  const names = await namesFor(tx, tenantId, rows);
  for (const [id, name] of await repo.unitNames(tx, tenantId, changeUnits)) names.units.set(id, name);
  const read = answerReader(tx, tenantId);
  const records: TExpertAuditItem[] = [];
  for (const r of rows) {
    const change = r.status === ExpertStatus.ACTIVE ? r.pendingChange : null;
    const view = expertView(r, names);
    records.push({
      expertId: r.id,
      kind: change ? 'change' : 'register',
      kindName: change ? '信息变更' : '入库申请',
      name: r.name,
      mobile: r.mobile,
      unitName: change?.unitName || r.unitName,
      title: change?.title ?? r.title,
      domainNames: change ? change.domainIds.map((id) => names.domains.get(id) ?? '') : view.domainNames,
      submittedAt: (change ? (r.changeSubmittedAt ?? r.updatedAt) : r.submittedAt).toISOString(),
      diff: change ? await changeDiff(r, change, names, read) : [],
    });
  }
  return { records, total, current: q.current, pageSize: q.pageSize };
}

/** One item of 专家审核 (an alias's detail route opens it by the expert's id); null when none waits. */
export async function auditItem(tx: Tx, tenantId: number, id: number): Promise<TExpertAuditItem | null> {
  const row = await requireExpert(tx, tenantId, id);
  const waits =
    (row.status === ExpertStatus.PENDING && row.callId === null) ||
    (row.status === ExpertStatus.ACTIVE && row.pendingChange !== null);
  if (!waits) return null;
  const page = await listAudits(tx, tenantId, { keyword: row.mobile, current: 1, pageSize: 100 });
  return page.records.find((r) => r.expertId === id) ?? null;
}

/** Approves or refuses a registration or an own change, and tells the expert. */
export async function auditExpert(tx: Tx, tenantId: number, id: number, input: TExpertAuditInput): Promise<string> {
  const row = await requireExpert(tx, tenantId, id);
  const change = row.status === ExpertStatus.ACTIVE ? row.pendingChange : null;
  let title: string;
  if (change) {
    if (input.pass) {
      await repo.updateExpert(tx, tenantId, id, {
        ...profileColumns(change),
        ...(change.answers !== undefined
          ? { formAnswers: change.answers, formKey: change.formKey ?? null, formVersion: change.formVersion ?? 0 }
          : {}),
        pendingChange: null,
        changeSubmittedAt: null,
        rejectReason: '',
      });
      title = '您的专家信息变更已审核通过';
    } else {
      await repo.updateExpert(tx, tenantId, id, {
        pendingChange: null,
        changeSubmittedAt: null,
        rejectReason: input.reason,
      });
      title = `您的专家信息变更未通过：${input.reason}`;
    }
    await insertEvent(tx, tenantId, id, input.pass ? 'change_approved' : 'change_refused', input.reason);
  } else if (row.status === ExpertStatus.PENDING) {
    if (row.callId !== null) throw fail('该申请来自专家征集，请在征集详情中审核');
    await decideRegistration(tx, tenantId, row, input);
    title = input.pass ? '您的专家入库申请已审核通过' : `您的专家入库申请未通过：${input.reason}`;
  } else {
    throw fail('该专家没有待审核的申请');
  }
  await sendMessage(tx, tenantId, 'expert.audit', { userId: row.userId }, { title, body: title });
  return input.pass ? '已审核通过' : '已退回';
}

/**
 * A waiting registration approved (the expert enters the library, with these labels too) or
 * refused with its reason; the expert identity follows. 专家审核 and a call's approval share it.
 */
export async function decideRegistration(
  tx: Tx,
  tenantId: number,
  row: repo.ExpertRow,
  input: { pass: boolean; reason: string },
  labelIds: number[] = [],
): Promise<void> {
  if (input.pass) {
    await repo.updateExpert(tx, tenantId, row.id, {
      status: ExpertStatus.ACTIVE,
      approvedAt: new Date(),
      rejectReason: '',
      callId: null,
      labelIds: [...new Set([...row.labelIds, ...labelIds])],
    });
    if (row.identityId !== null)
      await setIdentityStatus(tx, tenantId, row.identityId, { status: IdentityStatus.ACTIVE });
  } else {
    await repo.updateExpert(tx, tenantId, row.id, {
      status: ExpertStatus.REJECTED,
      rejectReason: input.reason,
      callId: null,
    });
    if (row.identityId !== null)
      await setIdentityStatus(tx, tenantId, row.identityId, { status: IdentityStatus.REJECTED, remark: input.reason });
  }
  await insertEvent(tx, tenantId, row.id, input.pass ? 'approved' : 'refused', input.reason);
}

// ———————————————————————— my information ————————————————————————

export async function myExpert(tx: Tx, tenantId: number, userId: number): Promise<TMyExpert> {
  const row = await repo.expertByUser(tx, tenantId, userId);
  const person = (await repo.personOf(tx, userId)) ?? { name: '', mobile: '' };
  const form = await publishedExpertForm(tx, tenantId);
  const calls = await openCallsFor(tx, tenantId, row?.id ?? null);
  if (!row) return { expert: null, pendingChange: null, person, form, answers: {}, calls };
  return {
    expert: (await expertViews(tx, tenantId, [row]))[0] ?? null,
    pendingChange: row.status === ExpertStatus.ACTIVE ? row.pendingChange : null,
    person,
    form,
    answers: row.formAnswers,
    calls,
  };
}

/** The calls a person sees at 我的专家信息: open ones and those applied to, with their own application. */
async function openCallsFor(tx: Tx, tenantId: number, expertId: number | null): Promise<TMyExpert['calls']> {
  const today = chinaToday();
  const rows = await callsRepo.callsForApplicant(tx, tenantId, expertId, today);
  if (rows.length === 0) return [];
  const counts = await callsRepo.applicationCounts(
    tx,
    tenantId,
    rows.map((c) => c.id),
  );
  const mine =
    expertId === null ? [] : (await callsRepo.applicationsOfExpert(tx, tenantId, expertId)).map((a) => a.application);
  const domains = domainPaths(await repo.allDomains(tx, tenantId));
  const labels = new Map((await repo.allLabels(tx, tenantId)).map((l) => [l.id, l.name]));
  return rows.map((c) => {
    const approved = counts.get(c.id)?.approved ?? 0;
    const own = mine.find((a) => a.callId === c.id);
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      domainNames: c.domainIds.map((d) => domains.get(d) ?? '').filter(Boolean),
      labelName: labels.get(c.labelId) ?? '',
      quota: c.quota,
      approved,
      openDate: c.openDate,
      closeDate: c.closeDate,
      status: callStatusOn({ openDate: c.openDate, closeDate: c.closeDate, closedEarly: c.closedAt !== null }, today),
      full: approved >= c.quota,
      mine: own
        ? {
            status: own.status as 'pending' | 'approved' | 'refused',
            statusName: applicationStatusName(own.status),
            reason: own.reason,
          }
        : null,
    };
  });
}

/**
 * The caller applies to the library, or edits the application while it waits or after a refusal
 * (which sends it again), optionally through a call (专家征集: decided in the call). An expert of
 * the library sends a change for approval instead. Answers to the tenant's own questions are
 * checked against its published version.
 */
export async function saveMyExpert(tx: Tx, tenantId: number, userId: number, raw: TMyExpertInput): Promise<string> {
  const { answers, callId, ...profile } = raw;
  const input = await checkedProfile(tx, tenantId, profile);
  const row = await repo.expertByUser(tx, tenantId, userId);
  if (row?.status === ExpertStatus.DISABLED) throw fail('您的专家资格已停用，请联系管理员');
  const person = await repo.personOf(tx, userId);
  const form = await checkedAnswers(tx, tenantId, userId, input, row?.mobile || person?.mobile || '', answers);
  const formColumns = form.formKey
    ? { formAnswers: form.formAnswers, formKey: form.formKey, formVersion: form.formVersion }
    : {};
  if (row?.status === ExpertStatus.ACTIVE) {
    if (callId !== null) throw fail('您已是本机构专家，请在专家征集中直接报名');
    const change: TProfileChange = form.formKey
      ? { ...input, answers: form.formAnswers, formKey: form.formKey, formVersion: form.formVersion }
      : input;
    const names = await namesFor(tx, tenantId, [row]);
    for (const [id, name] of await repo.unitNames(tx, tenantId, input.avoidUnitIds)) names.units.set(id, name);
    const diff = await changeDiff(row, change, names, answerReader(tx, tenantId));
    if (diff.length === 0 && row.pendingChange === null) throw fail('信息没有变化');
    await repo.updateExpert(tx, tenantId, row.id, { pendingChange: change, changeSubmittedAt: new Date() });
    await insertEvent(tx, tenantId, row.id, 'change_sent', diff.map((d) => d.title).join('、'));
    return '修改已提交，等待管理员审核';
  }
  if (!person?.mobile) throw fail('请先绑定手机号');
  const call = callId !== null ? await callToApply(tx, tenantId, callId, row) : null;
  const { identityId } = await grantIdentityToUser(tx, tenantId, userId, {
    identityCode: EXPERT_IDENTITY_CODE,
    orgId: input.unitId,
    status: IdentityStatus.PENDING,
  });
  // A registration waiting in a call stays there when it is edited; a new one goes where it is sent.
  const throughCall = call ? call.id : row?.status === ExpertStatus.PENDING ? row.callId : null;
  let expertId: number;
  if (row) {
    expertId = row.id;
    await repo.updateExpert(tx, tenantId, row.id, {
      ...profileColumns(input),
      ...formColumns,
      identityId,
      status: ExpertStatus.PENDING,
      submittedAt: new Date(),
      callId: throughCall,
    });
  } else {
    expertId = await repo.insertExpert(tx, tenantId, {
      ...profileColumns(input),
      ...formColumns,
      userId,
      identityId,
      mobile: person.mobile,
      status: ExpertStatus.PENDING,
      source: 'register',
      callId: throughCall,
    });
  }
  await insertEvent(tx, tenantId, expertId, 'registered', call ? `通过专家征集“${call.title}”` : '');
  if (call) {
    await callsRepo.upsertApplication(tx, tenantId, { callId: call.id, expertId, kind: 'register' });
    return `已报名专家征集“${call.title}”，等待管理员审核`;
  }
  return '申请已提交，等待管理员审核';
}

/** The caller withdraws a change waiting for approval. */
export async function withdrawMyChange(tx: Tx, tenantId: number, userId: number): Promise<void> {
  const row = await repo.expertByUser(tx, tenantId, userId);
  if (!row?.pendingChange) throw fail('没有待审核的修改');
  await repo.updateExpert(tx, tenantId, row.id, { pendingChange: null, changeSubmittedAt: null });
  await insertEvent(tx, tenantId, row.id, 'change_withdrawn');
}

// ———————————————————————— for other modules ————————————————————————

/**
 * The library's profiles of these people, for reviewer allocation: each expert's domains with
 * their ancestors (a declaration classified under 信息技术 matches an expert of 人工智能) and the
 * units the expert avoids. Only experts of the library (已入库) have one.
 */
export async function libraryProfiles(
  tx: Tx,
  tenantId: number,
  userIds: readonly number[],
): Promise<Map<number, { domainIds: number[]; avoidUnitIds: number[] }>> {
  const rows = (await repo.expertsOfUsers(tx, tenantId, userIds)).filter((r) => r.status === ExpertStatus.ACTIVE);
  if (rows.length === 0) return new Map();
  const parent = new Map((await repo.allDomains(tx, tenantId)).map((d) => [d.id, d.parentId]));
  const withAncestors = (ids: number[]) => {
    const out = new Set<number>();
    for (let id of ids) {
      for (let depth = 0; depth < 20 && !out.has(id); depth++) {
        out.add(id);
        const up = parent.get(id);
        if (up === null || up === undefined) break;
        id = up;
      }
    }
    return [...out];
  };
  return new Map(rows.map((r) => [r.userId, { domainIds: withAncestors(r.domainIds), avoidUnitIds: r.avoidUnitIds }]));
}

/** Whether every id is a domain of the tenant's library (a declaration's 申报领域). */
export async function domainsExist(tx: Tx, tenantId: number, ids: readonly number[]): Promise<boolean> {
  const known = new Set((await repo.allDomains(tx, tenantId)).map((d) => d.id));
  return ids.every((id) => known.has(id));
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(24).toString('base64url');
