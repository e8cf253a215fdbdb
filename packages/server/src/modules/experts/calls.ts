import { ResultCode, type TPage } from '@shetuan/shared';
import {
  APPLICATION_KIND_NAMES,
  applicationStatusName,
  chinaToday,
  EXPERT_CALLS,
  ExpertStatus,
  type TCallApplication,
  type TCallApplicationQuery,
  type TCallDecision,
  type TExpertCall,
  type TExpertCallInput,
} from '@shetuan/shared/experts';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { sendMessage } from '../../platform/messages';
import { type ResourceService, resourceNotFound } from '../../platform/resource';
import { callToApply, statusOf } from './call-rules';
import * as repo from './repository';
import * as calls from './repository/calls';
import { insertEvent } from './repository/record';
import { decideRegistration, domainPaths, requireExpert, WITH_USER_SCOPE } from './service';

/*
 * 专家征集: the calls (a resource of the kit) and their applications. An application is decided
 * here: approved, the expert enters the library (a new applicant) or stays in it, carrying the
 * call's label; refused, with the reason the applicant is told. Decisions run under the call's row
 * lock, so two approvals at once never pass the quota.
 */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);
const offsetOf = (q: { current: number; pageSize: number }) => ({
  offset: (q.current - 1) * q.pageSize,
  limit: q.pageSize,
});

async function callViews(tx: Tx, tenantId: number, rows: calls.CallRow[]): Promise<TExpertCall[]> {
  if (rows.length === 0) return [];
  const today = chinaToday();
  const counts = await calls.applicationCounts(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  const domains = domainPaths(await repo.allDomains(tx, tenantId));
  const labels = new Map((await repo.allLabels(tx, tenantId)).map((l) => [l.id, l.name]));
  return rows.map((r) => {
    const c = counts.get(r.id) ?? { pending: 0, approved: 0, refused: 0 };
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      domainIds: r.domainIds,
      domainNames: r.domainIds.map((id) => domains.get(id) ?? '').filter(Boolean),
      labelId: r.labelId,
      labelName: labels.get(r.labelId) ?? '',
      quota: r.quota,
      openDate: r.openDate,
      closeDate: r.closeDate,
      status: statusOf(r, today),
      applied: c.pending + c.approved + c.refused,
      pending: c.pending,
      approved: c.approved,
      createdByName: r.createdByName,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

async function requireCall(tx: Tx, tenantId: number, id: number, lock = false): Promise<calls.CallRow> {
  const row = await calls.callById(tx, tenantId, id, lock);
  if (!row) throw fail('专家征集不存在或已删除');
  return row;
}

/** Checks the domains, and finds the call's label: the one chosen, or one named after the call. */
async function checkedCall(tx: Tx, tenantId: number, input: TExpertCallInput): Promise<TExpertCallInput> {
  const domains = new Set((await repo.allDomains(tx, tenantId)).map((d) => d.id));
  if (input.domainIds.some((id) => !domains.has(id))) throw fail('专业领域不存在，请重新选择');
  let labelId = input.labelId;
  if (labelId !== null) {
    const labels = new Set((await repo.allLabels(tx, tenantId)).map((l) => l.id));
    if (!labels.has(labelId)) throw fail('标签不存在，请重新选择');
  } else {
    const name = input.title.slice(0, 20);
    labelId =
      (await repo.labelByName(tx, tenantId, name))?.id ??
      (await repo.insertLabel(tx, tenantId, {
        name,
        description: `专家征集“${input.title}”通过的专家`.slice(0, 200),
        sort: 0,
      }));
  }
  return { ...input, domainIds: [...new Set(input.domainIds)], labelId };
}

const callColumns = (input: TExpertCallInput) => ({
  title: input.title,
  description: input.description,
  domainIds: input.domainIds,
  labelId: input.labelId as number,
  quota: input.quota,
  openDate: input.openDate,
  closeDate: input.closeDate,
});

export const callService: ResourceService<typeof EXPERT_CALLS> = {
  async list(tx, tenantId, q) {
    const today = chinaToday();
    const total = await calls.countCalls(tx, tenantId, q, today);
    const rows = total > 0 ? await calls.pageCalls(tx, tenantId, q, today, offsetOf(q)) : [];
    return { records: await callViews(tx, tenantId, rows), total, current: q.current, pageSize: q.pageSize };
  },
  async get(tx, tenantId, id) {
    const row = await calls.callById(tx, tenantId, id);
    return row ? ((await callViews(tx, tenantId, [row]))[0] ?? null) : null;
  },
  async create(tx, tenantId, raw) {
    const input = await checkedCall(tx, tenantId, raw);
    const userId = await repo.currentUserId(tx);
    const createdByName = userId !== null ? ((await repo.personOf(tx, userId))?.name ?? '') : '';
    return calls.insertCall(tx, tenantId, { ...callColumns(input), createdBy: userId, createdByName });
  },
  async update(tx, tenantId, id, raw) {
    await requireCall(tx, tenantId, id, true);
    const approved = (await calls.applicationCounts(tx, tenantId, [id])).get(id)?.approved ?? 0;
    if (raw.quota < approved) throw fail(`征集人数不能少于已通过的人数（${approved}人）`);
    const input = await checkedCall(tx, tenantId, raw);
    if (!(await calls.updateCall(tx, tenantId, id, callColumns(input)))) throw resourceNotFound(EXPERT_CALLS);
  },
  async remove(tx, tenantId, id) {
    // Under the call's lock, as applying takes it: an application made meanwhile is counted, never
    // deleted with the call (its registration would wait in a call that is gone, undecidable).
    await requireCall(tx, tenantId, id, true);
    const counts = (await calls.applicationCounts(tx, tenantId, [id])).get(id);
    if (counts && counts.pending + counts.approved + counts.refused > 0)
      throw fail('已有人报名的征集不能删除，可结束征集');
    await calls.deleteCall(tx, tenantId, id);
  },
  scope: WITH_USER_SCOPE,
};

/** 结束征集 (no applications after now), or 重新开放 a call ended early. */
export async function closeCall(tx: Tx, tenantId: number, id: number, closed: boolean): Promise<string> {
  const row = await requireCall(tx, tenantId, id, true);
  if (closed) {
    if (statusOf(row) === 'closed') throw fail('该征集已结束');
    await calls.updateCall(tx, tenantId, id, { closedAt: new Date() });
    return '已结束征集';
  }
  if (row.closedAt === null) throw fail('该征集没有提前结束');
  if (row.closeDate < chinaToday()) throw fail('截止日期已过，请先修改截止日期');
  await calls.updateCall(tx, tenantId, id, { closedAt: null });
  return '已重新开放征集';
}

// ———————————————————————— applications ————————————————————————

export async function listApplications(
  tx: Tx,
  tenantId: number,
  callId: number,
  q: TCallApplicationQuery,
): Promise<TPage<TCallApplication>> {
  const call = await requireCall(tx, tenantId, callId);
  const total = await calls.countApplications(tx, tenantId, callId, q);
  const rows = total > 0 ? await calls.pageApplications(tx, tenantId, callId, q, offsetOf(q)) : [];
  const all = await repo.allDomains(tx, tenantId);
  const paths = domainPaths(all);
  const wanted = new Set<number>();
  for (const d of call.domainIds) for (const id of await repo.domainWithDescendants(tx, tenantId, d)) wanted.add(id);
  const records = rows.map(
    ({ application: a, expert: e }): TCallApplication => ({
      id: a.id,
      callId: a.callId,
      expertId: e.id,
      kind: a.kind as 'join' | 'register',
      kindName: APPLICATION_KIND_NAMES[a.kind] ?? a.kind,
      name: e.name,
      mobile: e.mobile,
      unitName: e.unitName,
      title: e.title,
      domainNames: e.domainIds.map((id) => paths.get(id) ?? '').filter(Boolean),
      matched: call.domainIds.length === 0 || e.domainIds.some((id) => wanted.has(id)),
      expertStatus: e.status,
      status: a.status as TCallApplication['status'],
      statusName: applicationStatusName(a.status),
      reason: a.reason,
      createdAt: a.createdAt.toISOString(),
      decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null,
      decidedBy: a.decidedBy,
    }),
  );
  return { records, total, current: q.current, pageSize: q.pageSize };
}

/**
 * Approves or refuses an application. Approved, a new applicant enters the library and an expert
 * of it stays, both carrying the call's label; refused, a registration made through the call is
 * refused with it. The applicant is told either way.
 */
export async function decideApplication(
  tx: Tx,
  tenantId: number,
  callId: number,
  applicationId: number,
  input: TCallDecision,
  deciderName: string,
): Promise<string> {
  const call = await requireCall(tx, tenantId, callId, true);
  const application = await calls.applicationById(tx, tenantId, callId, applicationId);
  if (!application) throw fail('报名不存在或已删除');
  if (application.status !== 'pending') throw fail(`该报名已审核（${applicationStatusName(application.status)}）`);
  const expert = await requireExpert(tx, tenantId, application.expertId);
  if (input.pass) {
    if (expert.status === ExpertStatus.DISABLED) throw fail('该专家已停用，不能通过');
    if (expert.status === ExpertStatus.REJECTED) throw fail('该专家的入库申请已被退回，不能通过');
    const approved = (await calls.applicationCounts(tx, tenantId, [callId])).get(callId)?.approved ?? 0;
    if (approved >= call.quota) throw fail(`已达到征集人数（${call.quota}人），不能再通过`);
  }
  await calls.decideApplication(tx, tenantId, applicationId, {
    status: input.pass ? 'approved' : 'refused',
    reason: input.reason,
    decidedBy: deciderName,
  });
  const registering = expert.status === ExpertStatus.PENDING && expert.callId === callId;
  if (registering) await decideRegistration(tx, tenantId, expert, input, [call.labelId]);
  else if (input.pass && !expert.labelIds.includes(call.labelId))
    await repo.updateExpert(tx, tenantId, expert.id, { labelIds: [...expert.labelIds, call.labelId] });
  await insertEvent(tx, tenantId, expert.id, input.pass ? 'call_approved' : 'call_refused', call.title);
  const title = input.pass
    ? `您报名的专家征集“${call.title}”已审核通过${registering ? '，您已进入专家库' : ''}`
    : `您报名的专家征集“${call.title}”未通过：${input.reason}`;
  await sendMessage(tx, tenantId, 'expert.audit', { userId: expert.userId }, { title, body: title });
  return input.pass ? '已审核通过' : '已退回，已通知报名人';
}

/** An expert of the library joins a call with one click (no change to the profile). */
export async function joinCall(tx: Tx, tenantId: number, userId: number, callId: number): Promise<string> {
  const expert = await repo.expertByUser(tx, tenantId, userId);
  if (expert?.status !== ExpertStatus.ACTIVE)
    throw fail(
      expert?.status === ExpertStatus.DISABLED
        ? '您的专家资格已停用，请联系管理员'
        : '您还不是本机构专家，请填写专家信息报名',
    );
  const call = await callToApply(tx, tenantId, callId, expert);
  await calls.upsertApplication(tx, tenantId, { callId: call.id, expertId: expert.id, kind: 'join' });
  await insertEvent(tx, tenantId, expert.id, 'call_applied', call.title);
  return `已报名专家征集“${call.title}”，等待管理员审核`;
}

/** The call's title (the applications export's file name); refuses another tenant's call. */
export async function callTitle(tx: Tx, tenantId: number, callId: number): Promise<string> {
  return (await requireCall(tx, tenantId, callId)).title;
}
