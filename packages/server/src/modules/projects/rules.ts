import { ResultCode } from '@shetuan/shared';
import type { TStage } from '@shetuan/shared/projects';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { libraryProfiles } from '../experts';
import * as repo from './repository';

/** Identity codes of the reviewer pool: 评审人 and 专家. */
export const REVIEWER_CODES = [7, 3, 17];

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

type ExpertStage = Extract<TStage, { kind: 'expert_review' }>;

/**
 * The hard rules of giving one expert one declaration in an expert round (own unit, declared
 * conflicts and 回避单位, review groups, earlier rounds when the round wants other experts, already
 * assigned, the round's k and L), in one place: hand assignment refuses with the first that
 * applies, and 申报分配 shows each candidate's.
 */
export interface RoundRules {
  stage: ExpertStage;
  pool: Awaited<ReturnType<typeof repo.reviewerPool>>;
  /** The declaration's assignments in the round. */
  assigned: Awaited<ReturnType<typeof repo.assignmentsOfDeclaration>>;
  loads: Map<number, number>;
  /** Library domains of the pool (with their ancestors), for the domain match. */
  domains: Map<number, number[]>;
  /** Why the expert may not be added now (the first rule broken, in the order hand assignment checks), or null. */
  refusal: (expertUserId: number) => string | null;
  /** Why the expert cannot review the declaration at all this round (a candidate's own reasons), or null. */
  blocked: (expertUserId: number) => string | null;
}

export async function roundRules(
  tx: Tx,
  tenantId: number,
  p: repo.ProjectRow,
  stageIndex: number,
  d: repo.DeclarationRow,
): Promise<RoundRules> {
  const stage = p.flow[stageIndex];
  if (stage?.kind !== 'expert_review') throw fail('该环节不是专家评审环节');
  const pool = await repo.reviewerPool(tx, tenantId, REVIEWER_CODES);
  const profiles = await libraryProfiles(
    tx,
    tenantId,
    pool.map((e) => e.userId),
  );
  const conflicts = new Set(
    (await repo.conflictsOf(tx, tenantId)).filter((c) => c.unitId === d.unitId).map((c) => c.expertUserId),
  );
  const group = stage.grouped && d.groupId !== null ? await repo.findGroup(tx, tenantId, d.groupId) : undefined;
  const earlier = stage.excludeEarlierExperts
    ? new Set((await repo.earlierPairs(tx, tenantId, p.id, stageIndex, [d.id])).map((x) => x.expertUserId))
    : new Set<number>();
  const assigned = (await repo.assignmentsOfDeclaration(tx, tenantId, d.id)).filter((a) => a.row.stage === stageIndex);
  const loads = await repo.roundLoads(tx, tenantId, p.id, stageIndex);
  const byId = new Map(pool.map((e) => [e.userId, e]));

  /** The rules about the pair itself (who the expert is), in hand assignment's order. */
  const pairRule = (userId: number): string | null => {
    const expert = byId.get(userId);
    if (!expert) return '该用户不是评审专家';
    if (expert.unitId !== null && expert.unitId === d.unitId) return '专家与申报属于同一单位，需要回避';
    const avoided = profiles.get(userId)?.avoidUnitIds ?? [];
    if (conflicts.has(userId) || (d.unitId !== null && avoided.includes(d.unitId))) return '专家已声明回避该单位';
    if (stage.grouped && d.groupId !== null && !group?.expertUserIds.includes(userId))
      return '该专家不在此申报所在的评审分组';
    if (earlier.has(userId)) return '该专家已在前轮评审过此申报，本轮须更换专家';
    return null;
  };
  const loadRule = (userId: number): string | null =>
    (loads.get(userId) ?? 0) >= stage.maxPerExpert ? `该专家的评审数量已达上限（${stage.maxPerExpert}份）` : null;
  const blocked = (userId: number): string | null => pairRule(userId) ?? loadRule(userId);
  const refusal = (userId: number): string | null => {
    const reason = pairRule(userId);
    if (reason) return reason;
    if (assigned.some((a) => a.row.expertUserId === userId)) return '该专家已分配到此申报';
    if (assigned.length >= stage.reviewersPerDeclaration)
      return `该申报的评审专家已满（${stage.reviewersPerDeclaration}位）`;
    return loadRule(userId);
  };
  return {
    stage,
    pool,
    assigned,
    loads,
    domains: new Map([...profiles].map(([id, prof]) => [id, prof.domainIds])),
    refusal,
    blocked,
  };
}
