import { ResultCode, type TPage } from '@shetuan/shared';
import {
  DeclarationStatus,
  ProjectStatus,
  type TDeclaration,
  type TDeclarationDetail,
  type TDeclarationInput,
  type TOpenProject,
  transition,
} from '@shetuan/shared/projects';
import type { AuthContext } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { domainsExist } from '../experts';
import { checkEmbeddedAnswers, draftValues } from '../forms';
import * as repo from './repository';
import {
  actorOf,
  DECLARATION_NOT_FOUND,
  declarationText,
  getProject,
  notify,
  notifyApplicant,
  PROJECT_NOT_FOUND,
  record,
  stateOf,
  timeline,
  toDeclaration,
} from './service';

/** The applicant's side (申报人): open projects, drafts, submission, withdrawal, history. */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

/** Member identity codes (membersOnly projects). */
const MEMBER_CODES = [1, 12, 13, 103, 109, 110];

const fmt = (d: Date) => d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).replace(/\//g, '-');

/** Why the project takes no declaration now, or null. */
function closedReason(p: repo.ProjectRow, now: Date): string | null {
  if (p.isTemplate || p.status === ProjectStatus.DRAFT) return '项目尚未发布';
  if (p.status === ProjectStatus.CLOSED) return '项目申报已截止';
  const { openAt, closeAt } = p.settings;
  if (openAt && now < new Date(openAt)) return `项目将于 ${fmt(new Date(openAt))} 开始申报`;
  if (closeAt && now >= new Date(closeAt)) return '项目申报已截止';
  return null;
}

/** What eligibility reads of the caller, each read at most once however many projects are checked. */
function callerFacts(tx: Tx, auth: AuthContext) {
  let info: Promise<repo.IdentityInfo | undefined> | undefined;
  let member: Promise<boolean> | undefined;
  return {
    info: () => {
      info ??= auth.identityId ? repo.identityInfo(tx, auth.tenantId, auth.identityId) : Promise.resolve(undefined);
      return info;
    },
    member: () => {
      member ??= repo.holdsIdentity(tx, auth.tenantId, auth.userId, MEMBER_CODES);
      return member;
    },
  };
}

/** Why the caller may not declare to the project (identity, unit type, membership), or null. */
async function eligibility(
  tx: Tx,
  auth: AuthContext,
  p: repo.ProjectRow,
  facts = callerFacts(tx, auth),
): Promise<string | null> {
  const s = p.settings;
  if (s.identityCodes.length > 0 || s.orgTypes.length > 0) {
    const info = await facts.info();
    if (s.identityCodes.length > 0 && !(info && s.identityCodes.includes(info.identityCode)))
      return '您当前的身份不在本项目的申报范围内';
    if (s.orgTypes.length > 0 && !(info?.orgType !== null && info && s.orgTypes.includes(info.orgType as number)))
      return '您所在单位的类型不在本项目的申报范围内';
  }
  if (s.membersOnly && !(await facts.member())) return '本项目仅限会员申报';
  return null;
}

const needsUnit = (p: repo.ProjectRow) => p.flow.some((s) => s.kind === 'first_trial');

export async function openProjects(tx: Tx, auth: AuthContext, now = new Date()): Promise<TOpenProject[]> {
  const rows = await repo.listOpenProjects(tx, auth.tenantId, now);
  const mine = await repo.countMine(
    tx,
    auth.tenantId,
    auth.userId,
    rows.map((r) => r.id),
  );
  const out: TOpenProject[] = [];
  const facts = callerFacts(tx, auth);
  for (const p of rows) {
    const count = mine.get(p.id) ?? 0;
    const limit = p.settings.perApplicantLimit;
    out.push({
      id: p.id,
      name: p.name,
      description: p.description,
      openAt: p.settings.openAt ?? null,
      closeAt: p.settings.closeAt ?? null,
      formKey: p.formKey,
      blocked:
        (await eligibility(tx, auth, p, facts)) ?? (limit > 0 && count >= limit ? '已达到本项目的申报数量上限' : null),
      needsUnit: needsUnit(p),
      mine: count,
    });
  }
  return out;
}

/** The caller's own declaration, or a refusal. */
async function own(tx: Tx, auth: AuthContext, id: number, lock = false): Promise<repo.DeclarationRow> {
  const d = lock
    ? await repo.lockDeclaration(tx, auth.tenantId, id)
    : await repo.findDeclaration(tx, auth.tenantId, id);
  if (!d || d.applicantUserId !== auth.userId) throw fail(DECLARATION_NOT_FOUND);
  return d;
}

async function checkUnit(tx: Tx, tenantId: number, _p: repo.ProjectRow, unitId: number | null | undefined) {
  if (!unitId) return null;
  const org = await repo.findOrgInfo(tx, tenantId, unitId);
  if (!org) throw fail('推荐单位不存在');
  return org.id;
}

export async function createDeclaration(
  tx: Tx,
  auth: AuthContext,
  projectId: number,
  input: TDeclarationInput,
  now = new Date(),
): Promise<number> {
  const p = await repo.findProject(tx, auth.tenantId, projectId);
  if (!p) throw fail(PROJECT_NOT_FOUND);
  const reason = closedReason(p, now) ?? (await eligibility(tx, auth, p));
  if (reason) throw fail(reason);
  const limit = p.settings.perApplicantLimit;
  if (limit > 0 && ((await repo.countMine(tx, auth.tenantId, auth.userId, [p.id])).get(p.id) ?? 0) >= limit)
    throw fail('已达到本项目的申报数量上限');
  const info = auth.identityId ? await repo.identityInfo(tx, auth.tenantId, auth.identityId) : undefined;
  const unitId = (await checkUnit(tx, auth.tenantId, p, input.unitId)) ?? info?.orgId ?? null;
  const d = await repo.insertDeclaration(tx, auth.tenantId, {
    projectId: p.id,
    applicantUserId: auth.userId,
    applicantIdentityId: auth.identityId ?? 0,
    unitId,
    title: input.title,
    data: await draftValues(tx, auth.tenantId, p.formKey, p.formVersion, input.data),
    domains: await checkDomains(tx, auth.tenantId, input.domainIds ?? []),
  });
  return d.id;
}

const EDITABLE = new Set<string>([DeclarationStatus.DRAFT, DeclarationStatus.RETURNED, DeclarationStatus.WITHDRAWN]);

export async function updateDeclaration(
  tx: Tx,
  auth: AuthContext,
  id: number,
  input: TDeclarationInput,
): Promise<void> {
  const d = await own(tx, auth, id, true);
  if (!EDITABLE.has(d.status)) throw fail('申报已提交，不能修改');
  const p = await getProject(tx, auth.tenantId, d.projectId);
  await repo.updateDeclaration(tx, auth.tenantId, d.id, {
    title: input.title,
    unitId: (await checkUnit(tx, auth.tenantId, p, input.unitId)) ?? d.unitId,
    data: await draftValues(tx, auth.tenantId, p.formKey, p.formVersion, input.data),
    ...(input.domainIds ? { domains: await checkDomains(tx, auth.tenantId, input.domainIds) } : {}),
  });
}

/** 申报领域 are domains of the tenant's expert library. */
async function checkDomains(tx: Tx, tenantId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length > 0 && !(await domainsExist(tx, tenantId, unique))) throw fail('申报领域不存在，请重新选择');
  return unique;
}

export async function deleteDeclaration(tx: Tx, auth: AuthContext, id: number): Promise<void> {
  const d = await own(tx, auth, id, true);
  if (d.status !== DeclarationStatus.DRAFT) throw fail('只能删除草稿');
  await repo.deleteDeclaration(tx, auth.tenantId, d.id);
}

/**
 * Submits (or resubmits) a declaration: its answers are checked against the project's form
 * version, the limits are checked on its first submission, the version is kept, the state moves
 * and the unit (first trial) is told.
 */
export async function submitDeclaration(tx: Tx, auth: AuthContext, id: number, now = new Date()): Promise<void> {
  const d = await own(tx, auth, id, true);
  // Limits count submitted declarations: the project row serialises concurrent submissions.
  const p = await repo.lockProject(tx, auth.tenantId, d.projectId);
  if (!p) throw fail(PROJECT_NOT_FOUND);
  const moved = transition(p.flow, stateOf(d), 'submit');
  if (!moved.ok) throw fail(moved.message);
  // A returned declaration may be resubmitted after the deadline; a new one only while open.
  if (d.status !== DeclarationStatus.RETURNED) {
    const reason = closedReason(p, now) ?? (await eligibility(tx, auth, p));
    if (reason) throw fail(reason);
  }
  if (needsUnit(p) && !d.unitId) throw fail('请选择推荐单位');
  if (p.settings.domainRequired && d.domains.length === 0) throw fail('请选择申报领域');
  if (d.version === 0) {
    const { perApplicantLimit, perUnitLimit } = p.settings;
    if (
      perApplicantLimit > 0 &&
      (await repo.countSubmitted(tx, auth.tenantId, p.id, { applicantUserId: auth.userId }, d.id)) >= perApplicantLimit
    )
      throw fail('已达到本项目的申报数量上限');
    if (
      perUnitLimit > 0 &&
      d.unitId &&
      (await repo.countSubmitted(tx, auth.tenantId, p.id, { unitId: d.unitId }, d.id)) >= perUnitLimit
    )
      throw fail('本单位的申报数量已达上限');
  }
  const values = await checkEmbeddedAnswers(tx, auth.tenantId, p.formKey, p.formVersion, auth.userId, d.data);
  const version = d.version + 1;
  await repo.insertVersion(tx, auth.tenantId, { declarationId: d.id, version, title: d.title, data: values });
  const after = await repo.updateDeclaration(tx, auth.tenantId, d.id, {
    ...moved.state,
    data: values,
    version,
    submittedAt: now,
  });
  await record(tx, auth.tenantId, d, p.flow, 'submit', stateOf(d), after, await actorOf(tx, auth));
  const stage = p.flow[after.stage];
  if (stage?.kind === 'first_trial' && after.unitId) {
    for (const identityId of await repo.unitTrialIdentities(tx, auth.tenantId, after.unitId))
      await notify(
        tx,
        auth.tenantId,
        'project.trial',
        { identityId },
        {
          title: `待初审：${d.title}`,
          body: `“${p.name}”收到新的申报“${d.title}”，请在“项目初审”中处理。`,
        },
      );
  }
}

export async function withdrawDeclaration(tx: Tx, auth: AuthContext, id: number): Promise<void> {
  const d = await own(tx, auth, id, true);
  const p = await getProject(tx, auth.tenantId, d.projectId);
  const moved = transition(p.flow, stateOf(d), 'withdraw');
  if (!moved.ok) throw fail(moved.message);
  const after = await repo.updateDeclaration(tx, auth.tenantId, d.id, moved.state);
  await record(tx, auth.tenantId, d, p.flow, 'withdraw', stateOf(d), after, await actorOf(tx, auth));
}

/** The caller's declarations: current (not yet decided) or history (decided, rejected). */
export async function myDeclarations(
  tx: Tx,
  auth: AuthContext,
  q: { current: number; pageSize: number; keyword?: string; history: boolean },
): Promise<TPage<TDeclaration>> {
  const { rows, total } = await repo.listDeclarations(
    tx,
    auth.tenantId,
    {
      applicantUserId: auth.userId,
      statuses: q.history ? ['decided', 'rejected'] : ['draft', 'in_review', 'returned', 'withdrawn'],
      keyword: q.keyword,
    },
    q,
  );
  return {
    records: rows.map((r) =>
      toDeclaration(r, {
        projectName: r.projectName,
        flow: r.projectFlow,
        applicantName: r.applicantName,
        unitName: r.unitName,
      }),
    ),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}

/** One declaration in full: its answers, versions and timeline (the applicant's, the unit's, the operators'). */
export async function declarationDetail(
  tx: Tx,
  tenantId: number,
  d: repo.DeclarationRow,
  options: { showScore: boolean },
): Promise<TDeclarationDetail> {
  const p = await getProject(tx, tenantId, d.projectId);
  const unit = d.unitId ? await repo.findOrgInfo(tx, tenantId, d.unitId) : undefined;
  const base = toDeclaration(
    d,
    {
      projectName: p.name,
      flow: p.flow,
      applicantName: await repo.userName(tx, d.applicantUserId),
      unitName: unit?.name ?? '',
    },
    { showResult: options.showScore },
  );
  return {
    ...base,
    domainIds: d.domains,
    roundScores: d.roundScores,
    statusText: base.statusText || declarationText(p.flow, d),
    data: d.data,
    formKey: p.formKey,
    formVersion: p.formVersion,
    flow: p.flow,
    timeline: await timeline(tx, tenantId, d.id),
    versions: (await repo.listVersions(tx, tenantId, d.id)).map((v) => ({
      version: v.version,
      submittedAt: v.submittedAt.toISOString(),
    })),
  };
}

export async function myDeclaration(tx: Tx, auth: AuthContext, id: number): Promise<TDeclarationDetail> {
  const d = await own(tx, auth, id);
  // The applicant sees the score and rank once the result is out.
  return declarationDetail(tx, auth.tenantId, d, { showScore: d.status === 'decided' });
}

export { notifyApplicant };
