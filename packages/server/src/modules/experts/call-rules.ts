import { ResultCode } from '@shetuan/shared';
import { CallStatus, callStatusOn, chinaToday, ExpertStatus } from '@shetuan/shared/experts';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import type { ExpertRow } from './repository';
import * as calls from './repository/calls';

/*
 * Who may apply to a call, shared by the registration (service.ts) and the one-click join
 * (calls.ts). The call's row is locked: the quota is counted once per application at a time.
 */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

/** The call's state today. */
export const statusOf = (call: calls.CallRow, today = chinaToday()) =>
  callStatusOn({ openDate: call.openDate, closeDate: call.closeDate, closedEarly: call.closedAt !== null }, today);

/**
 * The call a person applies to, when they may: the call is open and not full, and the person has
 * not applied yet (a registration waiting in this call may be sent again: it is being edited).
 */
export async function callToApply(
  tx: Tx,
  tenantId: number,
  callId: number,
  expert: ExpertRow | undefined,
): Promise<calls.CallRow> {
  const call = await calls.callById(tx, tenantId, callId, true);
  if (!call) throw fail('专家征集不存在或已删除');
  const status = statusOf(call);
  if (status === CallStatus.UPCOMING) throw fail(`该征集${call.openDate}开始报名，请届时再来`);
  if (status === CallStatus.CLOSED) throw fail('该征集已结束');
  if (expert?.status === ExpertStatus.DISABLED) throw fail('您的专家资格已停用，请联系管理员');
  const waitingElsewhere =
    expert?.status === ExpertStatus.PENDING && expert.callId !== null && expert.callId !== call.id
      ? await calls.callById(tx, tenantId, expert.callId)
      : undefined;
  if (waitingElsewhere) throw fail(`您的入库申请正在专家征集“${waitingElsewhere.title}”中审核，请等待审核结果`);
  const mine = expert ? await calls.applicationOf(tx, tenantId, call.id, expert.id) : undefined;
  const editing = expert?.status === ExpertStatus.PENDING && expert.callId === call.id;
  if (mine?.status === 'approved') throw fail('您已通过本次征集');
  if (mine?.status === 'refused') throw fail('您在本次征集中的报名未通过，不能重复报名');
  if (mine?.status === 'pending' && !editing) throw fail('您已报名，请等待审核');
  if (!mine) {
    const approved = (await calls.applicationCounts(tx, tenantId, [call.id])).get(call.id)?.approved ?? 0;
    if (approved >= call.quota) throw fail('该征集名额已满');
  }
  return call;
}
