import { randomBytes } from 'node:crypto';
import type { TPageQuery } from '@shetuan/shared';
import { ResultCode, type TPage } from '@shetuan/shared';
import {
  drawFromCandidates,
  PICK_STATUS_NAMES,
  PickStatus,
  type TDraw,
  type TDrawCreate,
  type TDrawDetail,
  type TDrawPick,
  type TDrawVerification,
  type TInvitation,
  type TInvitationAnswer,
  type TPickStatus,
} from '@shetuan/shared/experts';
import type { Tx } from '../../platform/db';
import { WEB_BASE } from '../../platform/http/constants';
import { AppError } from '../../platform/http/errors';
import { sendMessage } from '../../platform/messages';
import { regionFullName } from '../../platform/region';
import { queueSmsNotice } from '../../platform/sms';
import type { RecordedSlot } from './repository';
import * as repo from './repository';
import { newToken, regionPrefix, tokenHash } from './service';

/*
 * 专家遴选: random draws. The eligible experts of each slot are read once, recorded with the
 * seed, and handed to the pure shared `drawFromCandidates`; the drawn experts are invited (in-site
 * message and an SMS with the link to confirm or decline), the substitutes wait in order, and a
 * decline invites the slot's next substitute. Everything that happened is on the picks' rows.
 */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);

/** Where the invitation link points: the tenant's own domain, the page needs no login. */
export const invitationPath = (token: string) => `${WEB_BASE}expert-invitation?token=${encodeURIComponent(token)}`;

export interface Caller {
  userId: number;
  name: string;
}

function slotText(s: RecordedSlot, domains: Map<number, string>, labels: Map<number, string>): string {
  const parts: string[] = [];
  if (s.domainId !== null) parts.push(`领域：${domains.get(s.domainId) ?? '（已删除）'}`);
  if (s.labelId !== null) parts.push(`标签：${labels.get(s.labelId) ?? '（已删除）'}`);
  if (s.regionCode !== null) parts.push(`地区：${regionFullName(s.regionCode) || s.regionCode}`);
  return parts.join('，');
}

/** Runs a draw: records the candidates and the seed, stores the picks and invites the drawn. */
export async function createDraw(
  tx: Tx,
  tenantId: number,
  caller: Caller,
  input: TDrawCreate,
  origin: string,
): Promise<{ id: number; message: string }> {
  const domainIds = new Set((await repo.allDomains(tx, tenantId)).map((d) => d.id));
  const labelIds = new Set((await repo.allLabels(tx, tenantId)).map((l) => l.id));
  for (const s of input.slots) {
    if (s.domainId !== null && !domainIds.has(s.domainId)) throw fail('专业领域不存在，请重新选择');
    if (s.labelId !== null && !labelIds.has(s.labelId)) throw fail('标签不存在，请重新选择');
    if (s.regionCode !== null && !regionFullName(s.regionCode)) throw fail('地区不正确');
  }
  const units = await repo.unitNames(tx, tenantId, input.excludeUnitIds);
  if (input.excludeUnitIds.some((id) => !units.has(id))) throw fail('回避单位不存在，请重新选择');
  const named = await repo.expertsByIds(tx, tenantId, input.excludeExpertIds);
  if (named.length !== new Set(input.excludeExpertIds).size) throw fail('回避专家不存在，请重新选择');

  const seed = input.seed || randomBytes(4).toString('hex');
  const recentSince = input.excludeRecentDays > 0 ? new Date(Date.now() - input.excludeRecentDays * 86_400_000) : null;
  const slots: RecordedSlot[] = [];
  for (const s of input.slots) {
    const candidates = await repo.eligibleExperts(tx, tenantId, {
      domainIds: s.domainId !== null ? await repo.domainWithDescendants(tx, tenantId, s.domainId) : null,
      labelId: s.labelId,
      regionPrefix: s.regionCode !== null ? regionPrefix(s.regionCode) : null,
      excludeUnitIds: input.excludeUnitIds,
      excludeExpertIds: input.excludeExpertIds,
      recentSince,
    });
    slots.push({ ...s, candidates });
  }
  const picks = drawFromCandidates(seed, slots);
  if (picks.length === 0) throw fail('没有符合条件的专家，请调整抽取条件');

  const drawId = await repo.insertDraw(tx, tenantId, {
    title: input.title,
    remark: input.remark,
    seed,
    slots,
    excludeUnitIds: input.excludeUnitIds,
    excludeExpertIds: input.excludeExpertIds,
    excludeRecentDays: input.excludeRecentDays,
    createdBy: caller.userId,
    createdByName: caller.name,
  });
  const rows = await repo.insertPicks(
    tx,
    tenantId,
    picks.map((p) => ({
      drawId,
      slot: p.slot,
      position: p.position,
      substitute: p.substitute,
      expertId: p.expertId,
      status: p.substitute ? PickStatus.WAITING : PickStatus.INVITED,
    })),
  );
  for (const row of rows) if (!row.substitute) await invite(tx, tenantId, row, input.title, origin);

  const short = slots
    .map((s, i) => ({ i, have: picks.filter((p) => p.slot === i && !p.substitute).length, want: s.count }))
    .filter((x) => x.have < x.want);
  const message =
    short.length === 0
      ? `已抽取 ${rows.filter((r) => !r.substitute).length} 名专家，并已发送邀请`
      : `已抽取并发送邀请；${short.map((x) => `第${x.i + 1}组仅有${x.have}名符合条件的专家`).join('，')}`;
  return { id: drawId, message };
}

/** Invites a pick: a fresh link token, the in-site message and the SMS. */
async function invite(tx: Tx, tenantId: number, pick: repo.PickRow, title: string, origin: string): Promise<void> {
  const token = newToken();
  await repo.updatePick(tx, tenantId, pick.id, {
    status: PickStatus.INVITED,
    tokenHash: tokenHash(token),
    invitedAt: new Date(),
  });
  const expert = await repo.expertById(tx, tenantId, pick.expertId);
  if (!expert) return;
  const link = `${origin}${invitationPath(token)}`;
  const text = `您被抽选为「${title}」的专家，请确认是否参加：${link}`;
  await sendMessage(
    tx,
    tenantId,
    'expert.draw',
    { userId: expert.userId },
    { title: `专家遴选邀请：${title}`, body: text },
  );
  // The invitation always goes by SMS too: the expert has to answer it, logged in or not.
  await queueSmsNotice(tx, tenantId, { phone: expert.mobile, content: text });
}

/**
 * An answer to an invitation (the expert by the link, or an administrator for the expert). A
 * decline invites the slot's next substitute. Runs under the draw's row lock, so two answers at once
 * never invite the same substitute twice.
 */
async function answer(
  tx: Tx,
  tenantId: number,
  pick: repo.PickRow,
  input: TInvitationAnswer,
  by: string,
  origin: string,
): Promise<string> {
  const draw = await repo.drawById(tx, tenantId, pick.drawId, true);
  if (!draw) throw fail('遴选不存在或已删除');
  const fresh = await repo.pickById(tx, tenantId, pick.drawId, pick.id);
  if (!fresh) throw fail('邀请不存在');
  if (fresh.status === PickStatus.WAITING) throw fail('该专家为候补，尚未邀请');
  if (fresh.status !== PickStatus.INVITED)
    throw fail(`该邀请已答复（${PICK_STATUS_NAMES[fresh.status as TPickStatus]}）`);
  await repo.updatePick(
    tx,
    tenantId,
    fresh.id,
    {
      status: input.accept ? PickStatus.CONFIRMED : PickStatus.DECLINED,
      reason: input.reason,
      respondedAt: new Date(),
      respondedBy: by,
    },
    PickStatus.INVITED,
  );
  if (input.accept) return '已确认参加';
  const next = await repo.nextWaiting(tx, tenantId, draw.id, fresh.slot);
  if (!next) return '已拒绝；该组候补已用完';
  await invite(tx, tenantId, next, draw.title, origin);
  return '已拒绝，已邀请下一位候补专家';
}

export async function answerAsAdmin(
  tx: Tx,
  tenantId: number,
  drawId: number,
  pickId: number,
  input: TInvitationAnswer,
  caller: Caller,
  origin: string,
): Promise<string> {
  const pick = await repo.pickById(tx, tenantId, drawId, pickId);
  if (!pick) throw fail('邀请不存在');
  return answer(tx, tenantId, pick, input, `${caller.name}（代为答复）`, origin);
}

async function pickOfToken(tx: Tx, tenantId: number, token: string): Promise<repo.PickRow> {
  const pick = token ? await repo.pickByToken(tx, tenantId, tokenHash(token)) : undefined;
  if (!pick) throw fail('邀请链接无效或已失效');
  return pick;
}

export async function invitation(tx: Tx, tenantId: number, token: string, tenantName: string): Promise<TInvitation> {
  const pick = await pickOfToken(tx, tenantId, token);
  const draw = await repo.drawById(tx, tenantId, pick.drawId);
  const expert = await repo.expertById(tx, tenantId, pick.expertId);
  const status = pick.status as TPickStatus;
  return {
    tenantName,
    title: draw?.title ?? '',
    remark: draw?.remark ?? '',
    expertName: expert?.name ?? '',
    status,
    statusName: PICK_STATUS_NAMES[status],
    invitedAt: pick.invitedAt?.toISOString() ?? null,
    respondedAt: pick.respondedAt?.toISOString() ?? null,
  };
}

export async function answerInvitation(
  tx: Tx,
  tenantId: number,
  token: string,
  input: TInvitationAnswer,
  origin: string,
): Promise<string> {
  const pick = await pickOfToken(tx, tenantId, token);
  const expert = await repo.expertById(tx, tenantId, pick.expertId);
  return answer(tx, tenantId, pick, input, expert?.name ?? '专家本人', origin);
}

// ———————————————————————— reading ————————————————————————

function drawSummary(d: repo.DrawRow, picks: repo.PickRow[]): TDraw {
  const needed = d.slots.reduce((n, s) => n + s.count, 0);
  const mine = picks.filter((p) => p.drawId === d.id);
  const confirmed = mine.filter((p) => p.status === PickStatus.CONFIRMED).length;
  const finished = d.slots.every((s, i) => {
    const slot = mine.filter((p) => p.slot === i);
    const done = slot.filter((p) => p.status === PickStatus.CONFIRMED).length;
    const open = slot.some((p) => p.status === PickStatus.INVITED || p.status === PickStatus.WAITING);
    return done >= s.count || !open;
  });
  return {
    id: d.id,
    title: d.title,
    remark: d.remark,
    seed: d.seed,
    createdBy: d.createdByName,
    createdAt: d.createdAt.toISOString(),
    needed,
    invited: mine.filter((p) => p.status !== PickStatus.WAITING).length,
    confirmed,
    declined: mine.filter((p) => p.status === PickStatus.DECLINED).length,
    statusName: finished ? (confirmed >= needed ? '已完成' : '已结束（人数不足）') : '进行中',
  };
}

export async function listDraws(tx: Tx, tenantId: number, q: TPageQuery): Promise<TPage<TDraw>> {
  const total = await repo.countDraws(tx, tenantId, q.keyword);
  const rows = total
    ? await repo.pageDraws(tx, tenantId, {
        keyword: q.keyword,
        offset: (q.current - 1) * q.pageSize,
        limit: q.pageSize,
      })
    : [];
  const picks = await repo.picksOfDraws(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  return { records: rows.map((r) => drawSummary(r, picks)), total, current: q.current, pageSize: q.pageSize };
}

export async function drawDetail(tx: Tx, tenantId: number, id: number): Promise<TDrawDetail> {
  const d = await repo.drawById(tx, tenantId, id);
  if (!d) throw fail('遴选不存在或已删除');
  const picks = await repo.picksOfDraws(tx, tenantId, [id]);
  const people = new Map(
    (await repo.expertsByIds(tx, tenantId, [...new Set([...picks.map((p) => p.expertId), ...d.excludeExpertIds])])).map(
      (e) => [e.id, e],
    ),
  );
  const domainRows = await repo.allDomains(tx, tenantId);
  const domains = new Map(domainRows.map((r) => [r.id, r.name]));
  const labels = new Map((await repo.allLabels(tx, tenantId)).map((l) => [l.id, l.name]));
  const units = await repo.unitNames(tx, tenantId, d.excludeUnitIds);
  const pickViews = picks.map((p): TDrawPick => {
    const e = people.get(p.expertId);
    const status = p.status as TPickStatus;
    return {
      id: p.id,
      slot: p.slot,
      position: p.position,
      substitute: p.substitute,
      expertId: p.expertId,
      name: e?.name ?? '',
      mobile: e?.mobile ?? '',
      unitName: e?.unitName ?? '',
      title: e?.title ?? '',
      domainNames: (e?.domainIds ?? []).map((x) => domains.get(x) ?? '').filter(Boolean),
      status,
      statusName: PICK_STATUS_NAMES[status],
      reason: p.reason,
      invitedAt: p.invitedAt?.toISOString() ?? null,
      respondedAt: p.respondedAt?.toISOString() ?? null,
      respondedBy: p.respondedBy,
    };
  });
  return {
    ...drawSummary(d, picks),
    slots: d.slots.map((s, index) => {
      const slot = picks.filter((p) => p.slot === index);
      const confirmed = slot.filter((p) => p.status === PickStatus.CONFIRMED).length;
      const invited = slot.filter((p) => p.status === PickStatus.INVITED).length;
      return {
        index,
        text: slotText(s, domains, labels),
        count: s.count,
        substitutes: s.substitutes,
        candidateCount: s.candidates.length,
        confirmed,
        short: Math.max(0, s.count - confirmed - invited),
      };
    }),
    excludeUnitNames: d.excludeUnitIds.map((u) => units.get(u) ?? ''),
    excludeExpertNames: d.excludeExpertIds.map((x) => people.get(x)?.name ?? ''),
    excludeRecentDays: d.excludeRecentDays,
    picks: pickViews,
  };
}

/** 复核: recompute the draw from its seed and recorded candidates; compare with the stored picks. */
export async function verifyDraw(tx: Tx, tenantId: number, id: number): Promise<TDrawVerification> {
  const d = await repo.drawById(tx, tenantId, id);
  if (!d) throw fail('遴选不存在或已删除');
  const picks = await repo.picksOfDraws(tx, tenantId, [id]);
  const again = drawFromCandidates(d.seed, d.slots);
  const bySlot = (list: { slot: number; expertId: number }[]) =>
    d.slots.map((_, i) => list.filter((p) => p.slot === i).map((p) => p.expertId));
  const expected = bySlot(again);
  const recorded = bySlot(picks);
  return {
    consistent: JSON.stringify(expected) === JSON.stringify(recorded),
    seed: d.seed,
    candidateCounts: d.slots.map((s) => s.candidates.length),
    expected,
    recorded,
  };
}
