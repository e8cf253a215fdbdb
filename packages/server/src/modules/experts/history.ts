import { ResultCode } from '@shetuan/shared';
import {
  APPLICATION_STATUS_OPTIONS,
  EXPERT_EVENT_NAMES,
  PICK_STATUS_NAMES,
  type TExpertRecord,
  type TPickStatus,
} from '@shetuan/shared/experts';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import * as repo from './repository';
import { applicationsOfExpert } from './repository/calls';
import * as record from './repository/record';
import { requireExpert } from './service';

/*
 * An expert's whole record for /expertManagementDetail (draws, calls, history), and the talent
 * pools (人才库): a pool is a label, its members the experts carrying it.
 */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

export async function expertRecord(tx: Tx, tenantId: number, id: number): Promise<TExpertRecord> {
  await requireExpert(tx, tenantId, id);
  const picks = await record.picksOfExpert(tx, tenantId, id);
  const applications = await applicationsOfExpert(tx, tenantId, id);
  const events = await record.eventsOf(tx, tenantId, id);
  return {
    draws: picks.map(({ pick, title, drawnAt }) => ({
      drawId: pick.drawId,
      title,
      substitute: pick.substitute,
      status: pick.status,
      statusName: PICK_STATUS_NAMES[pick.status as TPickStatus] ?? pick.status,
      reason: pick.reason,
      drawnAt: drawnAt.toISOString(),
      respondedAt: pick.respondedAt ? pick.respondedAt.toISOString() : null,
    })),
    calls: applications.map(({ application: a, title }) => ({
      callId: a.callId,
      title,
      statusName: APPLICATION_STATUS_OPTIONS.find((o) => o.value === a.status)?.label ?? a.status,
      reason: a.reason,
      appliedAt: a.createdAt.toISOString(),
    })),
    events: events.map(({ event: e, actorName }) => ({
      id: e.id,
      action: e.action,
      actionName: EXPERT_EVENT_NAMES[e.action] ?? e.action,
      actorName: actorName ?? '',
      detail: e.detail,
      at: e.createdAt.toISOString(),
    })),
  };
}

async function requireLabel(tx: Tx, tenantId: number, labelId: number) {
  const label = (await repo.allLabels(tx, tenantId)).find((l) => l.id === labelId);
  if (!label) throw fail('人才库不存在或已删除');
  return label;
}

/** Puts experts of the library into a pool (their label); those already in it stay as they are. */
export async function addPoolMembers(
  tx: Tx,
  tenantId: number,
  labelId: number,
  expertIds: readonly number[],
): Promise<string> {
  const label = await requireLabel(tx, tenantId, labelId);
  const ids = [...new Set(expertIds)];
  if ((await repo.expertsByIds(tx, tenantId, ids)).length !== ids.length) throw fail('专家不存在，请重新选择');
  const added = await record.addLabel(tx, tenantId, labelId, ids);
  for (const { id } of added) await record.insertEvent(tx, tenantId, id, 'pool_added', label.name);
  if (added.length === 0) throw fail('所选专家已在该人才库中');
  const already = ids.length - added.length;
  return `已加入${added.length}名专家${already > 0 ? `，${already}名已在库中` : ''}`;
}

/** Takes an expert out of a pool. */
export async function removePoolMember(tx: Tx, tenantId: number, labelId: number, expertId: number): Promise<void> {
  const label = await requireLabel(tx, tenantId, labelId);
  await requireExpert(tx, tenantId, expertId);
  if (!(await record.removeLabel(tx, tenantId, labelId, expertId))) throw fail('该专家不在该人才库中');
  await record.insertEvent(tx, tenantId, expertId, 'pool_removed', label.name);
}
