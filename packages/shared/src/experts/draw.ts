import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { z } from 'zod';
import { ZPageQuery } from '../platform/list';

/**
 * 专家遴选: a random draw of experts that anyone can re-run. The server records the seed and, for
 * each slot, the eligible experts (ids, ascending) at the time of the draw; `drawFromCandidates`
 * turns those into the picks with no other input, so 复核 (verification) recomputes a draw years
 * later and gets the same experts in the same order.
 */

/** A seed: 8 hexadecimal digits (a 32-bit number). */
export const ZDrawSeed = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{8}$/, '随机种子为8位十六进制数（0-9、a-f）');

export const ZDrawSlot = z
  .object({
    /** Experts of this domain or below it. */
    domainId: z.number().int().positive().nullable().default(null),
    /** Experts with this label. */
    labelId: z.number().int().positive().nullable().default(null),
    /** Experts in this province, city or county (6-digit code). */
    regionCode: z
      .string()
      .regex(/^\d{6}$/, '地区不正确')
      .nullable()
      .default(null),
    count: z
      .number({ error: '请输入抽取人数' })
      .int('抽取人数必须是整数')
      .min(1, '每组至少抽取1人')
      .max(50, '每组最多抽取50人'),
    /** Ordered substitutes (候补) drawn after the count. */
    substitutes: z.number().int('候补人数必须是整数').min(0, '候补人数不能为负').max(50, '候补最多50人').default(0),
  })
  .refine((s) => s.domainId !== null || s.labelId !== null || s.regionCode !== null, {
    message: '每组请至少选择领域、标签或地区之一',
  });
export type TDrawSlot = z.infer<typeof ZDrawSlot>;

export const ZDrawCreate = z.object({
  title: z.string({ error: '请输入遴选名称' }).trim().min(1, '请输入遴选名称').max(60, '遴选名称最多60个字'),
  remark: z.string().trim().max(500, '说明最多500个字').default(''),
  slots: z.array(ZDrawSlot, { error: '请添加抽取条件' }).min(1, '请添加抽取条件').max(10, '抽取条件最多10组'),
  /** Experts of these units are not drawn (回避单位). */
  excludeUnitIds: z.array(z.number().int().positive()).max(50, '回避单位最多50个').default([]),
  /** Experts named here are not drawn (回避专家). */
  excludeExpertIds: z.array(z.number().int().positive()).max(200, '回避专家最多200人').default([]),
  /** Experts invited by a draw in the last N days are not drawn again; 0 is off. */
  excludeRecentDays: z.number().int().min(0, '天数不能为负').max(365, '最多365天').default(0),
  /** Empty: the server picks one at random (and records it). */
  seed: ZDrawSeed.or(z.literal('')).default(''),
});
export type TDrawCreate = z.infer<typeof ZDrawCreate>;

/** A slot's eligible experts, ascending ids, as recorded at the draw. */
export interface SlotCandidates {
  count: number;
  substitutes: number;
  candidates: number[];
}

export interface DrawnPick {
  slot: number;
  /** 1-based order within the slot: the first `count` are drawn, the rest substitutes in order. */
  position: number;
  expertId: number;
  substitute: boolean;
}

/** A seed's 32-bit value. */
export function seedValue(seed: string): number {
  return Number.parseInt(seed, 16) | 0;
}

/**
 * The picks of a draw: one generator from the seed, the slots in order; each slot shuffles its
 * candidates not taken by an earlier slot (Fisher–Yates, from the last place down) and takes the
 * first count + substitutes. Pure: the same input gives the same picks on any machine.
 */
export function drawFromCandidates(seed: string, slots: readonly SlotCandidates[]): DrawnPick[] {
  const rng = xoroshiro128plus(seedValue(seed));
  const taken = new Set<number>();
  const picks: DrawnPick[] = [];
  slots.forEach((slot, index) => {
    const pool = [...new Set(slot.candidates)].filter((id) => !taken.has(id)).sort((a, b) => a - b);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = uniformInt(rng, 0, i);
      const t = pool[i] as number;
      pool[i] = pool[j] as number;
      pool[j] = t;
    }
    pool.slice(0, slot.count + slot.substitutes).forEach((expertId, k) => {
      taken.add(expertId);
      picks.push({ slot: index, position: k + 1, expertId, substitute: k >= slot.count });
    });
  });
  return picks;
}

/** A pick's state: 候补 waits; 待确认 was invited; then 已确认 or 已拒绝. */
export const PickStatus = {
  WAITING: 'waiting',
  INVITED: 'invited',
  CONFIRMED: 'confirmed',
  DECLINED: 'declined',
} as const;
export type TPickStatus = (typeof PickStatus)[keyof typeof PickStatus];
export const PICK_STATUS_NAMES: Record<TPickStatus, string> = {
  waiting: '候补',
  invited: '待确认',
  confirmed: '已确认',
  declined: '已拒绝',
};

export const ZDrawPick = z.object({
  id: z.number().int(),
  slot: z.number().int(),
  position: z.number().int(),
  substitute: z.boolean(),
  expertId: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  unitName: z.string(),
  title: z.string(),
  domainNames: z.array(z.string()),
  status: z.enum(['waiting', 'invited', 'confirmed', 'declined']),
  statusName: z.string(),
  reason: z.string(),
  invitedAt: z.string().nullable(),
  respondedAt: z.string().nullable(),
  /** Who answered: the expert by the link, or the administrator's name (代为确认). */
  respondedBy: z.string(),
});
export type TDrawPick = z.infer<typeof ZDrawPick>;

export const ZDrawSlotView = z.object({
  index: z.number().int(),
  /** 领域：… / 标签：… / 地区：… */
  text: z.string(),
  count: z.number().int(),
  substitutes: z.number().int(),
  candidateCount: z.number().int(),
  confirmed: z.number().int(),
  /** Still to be confirmed to reach the count; positive with no substitute left is a shortfall. */
  short: z.number().int(),
});

export const ZDraw = z.object({
  id: z.number().int(),
  title: z.string(),
  remark: z.string(),
  seed: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  needed: z.number().int(),
  invited: z.number().int(),
  confirmed: z.number().int(),
  declined: z.number().int(),
  /** 进行中 until every slot has its count confirmed or has no substitute left. */
  statusName: z.string(),
});
export type TDraw = z.infer<typeof ZDraw>;

export const ZDrawDetail = ZDraw.extend({
  slots: z.array(ZDrawSlotView),
  excludeUnitNames: z.array(z.string()),
  excludeExpertNames: z.array(z.string()),
  excludeRecentDays: z.number().int(),
  picks: z.array(ZDrawPick),
});
export type TDrawDetail = z.infer<typeof ZDrawDetail>;

export const ZDrawQuery = ZPageQuery;

/** 复核: the draw recomputed from its seed and recorded candidates. */
export const ZDrawVerification = z.object({
  consistent: z.boolean(),
  seed: z.string(),
  candidateCounts: z.array(z.number().int()),
  /** The recomputed order: expert ids per slot. */
  expected: z.array(z.array(z.number().int())),
  recorded: z.array(z.array(z.number().int())),
});
export type TDrawVerification = z.infer<typeof ZDrawVerification>;

const ZAnswerFields = z.object({
  accept: z.boolean({ error: '请选择是否参加' }),
  reason: z.string().trim().max(200, '原因最多200个字').default(''),
});
const declineNeedsReason = { message: '请填写不能参加的原因', path: ['reason'] };

/** An answer to an invitation: the expert by the link, or an administrator on the expert's behalf. */
export const ZInvitationAnswer = ZAnswerFields.refine((v) => v.accept || v.reason.length > 0, declineNeedsReason);
export type TInvitationAnswer = z.infer<typeof ZInvitationAnswer>;

/** The link's answer: the token it carries with the answer. */
export const ZPublicInvitationAnswer = ZAnswerFields.extend({
  token: z
    .string({ error: '邀请链接无效或已失效' })
    .trim()
    .min(1, '邀请链接无效或已失效')
    .max(100, '邀请链接无效或已失效'),
}).refine((v) => v.accept || v.reason.length > 0, declineNeedsReason);

/** What the invitation link shows (no login): the draw, the expert, the state. */
export const ZInvitation = z.object({
  tenantName: z.string(),
  title: z.string(),
  remark: z.string(),
  expertName: z.string(),
  status: z.enum(['waiting', 'invited', 'confirmed', 'declined']),
  statusName: z.string(),
  invitedAt: z.string().nullable(),
  respondedAt: z.string().nullable(),
});
export type TInvitation = z.infer<typeof ZInvitation>;
