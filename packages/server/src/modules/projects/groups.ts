import { ResultCode } from '@shetuan/shared';
import type { TGroupMembersInput, TGroupsView, TReviewGroupInput } from '@shetuan/shared/projects';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import * as repo from './repository';
import { REVIEWER_CODES } from './review';
import { declarationText, getProject } from './service';

/*
 * 分组评审: a project's review groups. In an expert round with `grouped` set, a declaration in a
 * group is reviewed only by that group's experts (the allocation forbids every other pair), and
 * an expert in groups reviews only declarations of those groups; a declaration in no group may be
 * reviewed by anyone the other rules allow. Groups belong to the project, not to one round.
 */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

export async function groupsView(tx: Tx, tenantId: number, projectId: number): Promise<TGroupsView> {
  const p = await getProject(tx, tenantId, projectId);
  const groups = await repo.groupsOf(tx, tenantId, projectId);
  const declarations = await repo.submittedDeclarations(tx, tenantId, projectId);
  const pool = await repo.reviewerPool(tx, tenantId, REVIEWER_CODES);
  const names = new Map(pool.map((e) => [e.userId, e.name]));
  return {
    grouped: p.flow.some((s) => s.kind === 'expert_review' && s.grouped),
    groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      expertUserIds: g.expertUserIds,
      expertNames: g.expertUserIds.map((id) => names.get(id) ?? '（已不是评审专家）'),
      declarationCount: declarations.filter((d) => d.groupId === g.id).length,
    })),
    declarations: declarations.map((d) => ({
      id: d.id,
      title: d.title,
      unitName: d.unitName,
      statusText: declarationText(p.flow, d),
      groupId: d.groupId,
    })),
    experts: pool.map((e) => ({ ...e, load: 0 })),
  };
}

async function checkGroup(tx: Tx, tenantId: number, projectId: number, id: number | null, input: TReviewGroupInput) {
  const groups = await repo.groupsOf(tx, tenantId, projectId);
  if (groups.some((g) => g.id !== id && g.name === input.name)) throw fail('分组名称已存在');
  const pool = new Set((await repo.reviewerPool(tx, tenantId, REVIEWER_CODES)).map((e) => e.userId));
  if (input.expertUserIds.some((u) => !pool.has(u))) throw fail('所选人员不是评审专家');
  return { name: input.name, expertUserIds: [...new Set(input.expertUserIds)] };
}

export async function createGroup(tx: Tx, tenantId: number, projectId: number, input: TReviewGroupInput) {
  await getProject(tx, tenantId, projectId);
  return repo.insertGroup(tx, tenantId, { projectId, ...(await checkGroup(tx, tenantId, projectId, null, input)) });
}

async function ownGroup(tx: Tx, tenantId: number, id: number) {
  const g = await repo.findGroup(tx, tenantId, id);
  if (!g) throw fail('分组不存在');
  return g;
}

export async function updateGroup(tx: Tx, tenantId: number, id: number, input: TReviewGroupInput) {
  const g = await ownGroup(tx, tenantId, id);
  await repo.updateGroup(tx, tenantId, id, await checkGroup(tx, tenantId, g.projectId, id, input));
}

export async function deleteGroup(tx: Tx, tenantId: number, id: number) {
  await repo.deleteGroup(tx, tenantId, await ownGroup(tx, tenantId, id));
}

/** Puts declarations of the project in a group (or out of every group). */
export async function setMembers(tx: Tx, tenantId: number, projectId: number, input: TGroupMembersInput) {
  await getProject(tx, tenantId, projectId);
  if (input.groupId !== null) {
    const g = await ownGroup(tx, tenantId, input.groupId);
    if (g.projectId !== projectId) throw fail('分组不存在');
  }
  const moved = await repo.setDeclarationGroup(tx, tenantId, projectId, input.declarationIds, input.groupId);
  if (moved === 0) throw fail('所选申报不存在或尚未提交');
  return moved;
}
