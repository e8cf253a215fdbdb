import { ResultCode, type TPage } from '@shetuan/shared';
import { AssignmentStatus, type TDistributionRow, type TDistributionView } from '@shetuan/shared/projects';
import type { AuthContext } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import * as repo from './repository';
import { assignByHand, removeAssignment } from './review';
import { roundRules } from './rules';
import { DECLARATION_NOT_FOUND, declarationText, getProject } from './service';

/**
 * 申报分配 (/declarationDistribution): one declaration's reviewers, added and removed by hand under
 * the rules of rules.ts.
 */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

/** The expert rounds of a flow, for the screen's round picker. */
function roundsOf(flow: repo.ProjectRow['flow']) {
  return flow.flatMap((s, index) =>
    s.kind === 'expert_review' ? [{ index, name: s.name, mode: s.mode as 'score' | 'approval' }] : [],
  );
}

/** A declaration of the tenant (not a draft), or a refusal. */
async function declarationOf(tx: Tx, tenantId: number, id: number): Promise<repo.DeclarationRow> {
  const d = await repo.findDeclaration(tx, tenantId, id);
  if (!d || d.status === 'draft') throw fail(DECLARATION_NOT_FOUND);
  return d;
}

/**
 * 申报分配 of one declaration: its reviewers in a round (its current round by default, else the
 * last round it went through) and every expert of the pool with why they cannot review it.
 */
export async function distributionView(
  tx: Tx,
  tenantId: number,
  id: number,
  wanted: number | undefined,
): Promise<TDistributionView> {
  const d = await declarationOf(tx, tenantId, id);
  const p = await getProject(tx, tenantId, d.projectId);
  const rounds = roundsOf(p.flow);
  if (rounds.length === 0) throw fail('该项目的评审流程没有专家评审环节');
  const current = rounds.find((r) => r.index === d.stage);
  const reached = [...rounds].reverse().find((r) => r.index <= d.stage);
  const stage = wanted ?? (current ?? reached ?? rounds[0])?.index ?? 0;
  if (!rounds.some((r) => r.index === stage)) throw fail('该环节不是专家评审环节');
  const rules = await roundRules(tx, tenantId, p, stage, d);
  const unit = d.unitId ? await repo.findOrgInfo(tx, tenantId, d.unitId) : undefined;
  const group = d.groupId !== null ? await repo.findGroup(tx, tenantId, d.groupId) : undefined;
  const assignedIds = new Set(rules.assigned.map((a) => a.row.expertUserId));
  const units = new Map(rules.pool.map((e) => [e.userId, e.unitName]));
  const wantedDomains = new Set(d.domains);
  return {
    declaration: {
      id: d.id,
      projectId: p.id,
      projectName: p.name,
      title: d.title,
      applicantName: await repo.userName(tx, d.applicantUserId),
      unitName: unit?.name ?? '',
      groupName: group?.name ?? '',
      statusText: declarationText(p.flow, d),
      domainIds: d.domains,
    },
    rounds,
    stage,
    open: d.status === 'in_review' && d.stage === stage,
    k: rules.stage.reviewersPerDeclaration,
    maxPerExpert: rules.stage.maxPerExpert,
    excludeEarlierExperts: Boolean(rules.stage.excludeEarlierExperts),
    assigned: rules.assigned.map((a) => ({
      assignmentId: a.row.id,
      userId: a.row.expertUserId,
      name: a.name,
      unitName: units.get(a.row.expertUserId) ?? '',
      submitted: a.row.status === AssignmentStatus.SUBMITTED,
    })),
    candidates: rules.pool
      .filter((e) => !assignedIds.has(e.userId))
      .map((e) => ({
        userId: e.userId,
        name: e.name,
        unitName: e.unitName,
        load: rules.loads.get(e.userId) ?? 0,
        domainMatch: (rules.domains.get(e.userId) ?? []).some((x) => wantedDomains.has(x)),
        blocked: rules.blocked(e.userId),
      }))
      // Who can be chosen first, domain matches first, then the lightest load.
      .sort(
        (a, b) =>
          Number(a.blocked !== null) - Number(b.blocked !== null) ||
          Number(b.domainMatch) - Number(a.domainMatch) ||
          a.load - b.load ||
          a.userId - b.userId,
      ),
  };
}

/** The declarations of an expert round with their reviewers (申报分配's list). */
export async function roundDeclarations(
  tx: Tx,
  tenantId: number,
  projectId: number,
  stageIndex: number,
  q: { current: number; pageSize: number; keyword?: string; short?: '0' | '1' },
): Promise<TPage<TDistributionRow>> {
  const p = await getProject(tx, tenantId, projectId);
  const stage = p.flow[stageIndex];
  if (stage?.kind !== 'expert_review') throw fail('该环节不是专家评审环节');
  const k = stage.reviewersPerDeclaration;
  const { rows, total } = await repo.roundDeclarations(tx, tenantId, p.id, stageIndex, {
    ...q,
    shortOf: q.short === '1' ? k : undefined,
  });
  const assignments = await repo.assignmentsOf(
    tx,
    tenantId,
    stageIndex,
    rows.map((r) => r.id),
  );
  return {
    records: rows.map((r) => ({
      ...r,
      k,
      experts: assignments
        .filter((a) => a.row.declarationId === r.id)
        .map((a) => ({
          assignmentId: a.row.id,
          userId: a.row.expertUserId,
          name: a.name,
          submitted: a.row.status === AssignmentStatus.SUBMITTED,
        })),
    })),
    total,
    current: q.current,
    pageSize: q.pageSize,
  };
}

/** Adds an expert to one declaration (the same rules as 评审分配's hand assignment). */
export async function addExpert(
  tx: Tx,
  auth: AuthContext,
  id: number,
  input: { stage: number; expertUserId: number },
): Promise<void> {
  const d = await declarationOf(tx, auth.tenantId, id);
  await assignByHand(tx, auth, d.projectId, { ...input, declarationId: d.id });
}

/** Removes one of the declaration's reviewers (not a submitted review). */
export async function removeExpert(tx: Tx, tenantId: number, id: number, assignmentId: number): Promise<void> {
  const a = await repo.findAssignment(tx, tenantId, assignmentId);
  if (!a || a.declarationId !== id) throw fail('分配记录不存在');
  await removeAssignment(tx, tenantId, assignmentId);
}
