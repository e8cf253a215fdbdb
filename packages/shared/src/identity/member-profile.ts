import { z } from 'zod';
import { ID_CARD_MESSAGE, isIdCard } from '../platform/checks';
import { IDENTITY_GROUPS } from './page-type';

/**
 * The member profile (会员资料) and custom type 34's check of it (spec 000 §6: "triggers a check for
 * an incomplete member profile, with a prompt to go and fill it in"; the call the spec names is
 * /sxnkjgzz/vip/requiredComplete, here GET /st365/auth/profile/required-complete). The server
 * decides completeness; the console prompts. Decisions: server modules/identity/README.md.
 */

/** The fields of a member profile a tenant may require, in the order the forms show them. */
export const MEMBER_PROFILE_FIELDS = [
  { key: 'name', label: '姓名' },
  { key: 'gender', label: '性别' },
  { key: 'idNumber', label: '身份证号' },
  { key: 'unitName', label: '工作单位' },
  { key: 'title', label: '职称' },
] as const;

export type MemberProfileFieldKey = (typeof MEMBER_PROFILE_FIELDS)[number]['key'];
const FIELD_KEYS = MEMBER_PROFILE_FIELDS.map((f) => f.key) as [MemberProfileFieldKey, ...MemberProfileFieldKey[]];
export const ZMemberProfileFieldKey = z.enum(FIELD_KEYS);

/** What a type-34 tenant requires when its settings name nothing (settings.memberProfileRequired). */
export const DEFAULT_MEMBER_PROFILE_REQUIRED: readonly MemberProfileFieldKey[] = FIELD_KEYS;

/** The tenant setting that lists the required fields (an array of the keys above). */
export const MEMBER_PROFILE_REQUIRED_SETTING = 'memberProfileRequired';

/**
 * The identities whose profile is a member's: personal members (1 member, 12 individual member,
 * 103 and 109 of subordinate organisations). Self-registered users (16) and unit members are not.
 */
export const MEMBER_PROFILE_IDENTITY_CODES: readonly number[] = IDENTITY_GROUPS.member.filter(
  (c) => !(IDENTITY_GROUPS.registeredUser as readonly number[]).includes(c),
);

/** The required fields a tenant's settings give: the listed known keys in form order, else the default. */
export function requiredProfileFields(settings: Record<string, unknown> | undefined): MemberProfileFieldKey[] {
  const listed = settings?.[MEMBER_PROFILE_REQUIRED_SETTING];
  if (!Array.isArray(listed)) return [...DEFAULT_MEMBER_PROFILE_REQUIRED];
  return FIELD_KEYS.filter((k) => listed.includes(k));
}

export type MemberProfileValues = Record<MemberProfileFieldKey, string>;

/** The required fields a profile leaves empty, with their labels, in form order. */
export function missingProfileFields(
  profile: MemberProfileValues,
  required: readonly MemberProfileFieldKey[],
): { key: MemberProfileFieldKey; label: string }[] {
  return MEMBER_PROFILE_FIELDS.filter((f) => required.includes(f.key) && !profile[f.key].trim()).map((f) => ({
    key: f.key,
    label: f.label,
  }));
}

/** The prompt's texts (the spec gives none of its own). */
export const MEMBER_PROFILE_MESSAGES = {
  title: '会员资料不完整',
  prompt: '您的会员资料尚未填写完整，请前往个人中心完善。',
  go: '去完善',
  later: '稍后再说',
  missing: '待完善：',
  saved: '保存成功',
} as const;

export const GENDERS = ['男', '女'] as const;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式错误` })
    .trim()
    .max(max, `${label}最多${max}个字`);

/** PUT /auth/profile: the name, and the member fields when the form shows them. */
export const ZProfileInput = z.object({
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(30, '姓名最多30个字'),
  gender: z.enum(['', ...GENDERS], { error: '性别只能是男或女' }).optional(),
  idNumber: z
    .string({ error: ID_CARD_MESSAGE })
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isIdCard(v), ID_CARD_MESSAGE)
    .optional(),
  unitName: optionalText('工作单位', 60).optional(),
  title: optionalText('职称', 30).optional(),
});
export type TProfileInput = z.infer<typeof ZProfileInput>;

/** GET /auth/profile: the person's name and, for a member identity, the member fields. */
export const ZMemberProfile = z.object({
  name: z.string(),
  gender: z.string(),
  idNumber: z.string(),
  unitName: z.string(),
  title: z.string(),
  /** Whether the session's identity is a member's (the member fields apply). */
  member: z.boolean(),
  /** The fields this tenant requires of its members (custom type 34 only; empty otherwise). */
  required: z.array(ZMemberProfileFieldKey),
});
export type TMemberProfile = z.infer<typeof ZMemberProfile>;

/** GET /auth/profile/required-complete: whether the check applies, and what is missing. */
export const ZRequiredComplete = z.object({
  /** The tenant is of custom type 34 and the session's identity is a member's. */
  checked: z.boolean(),
  /** Always true when not checked. */
  complete: z.boolean(),
  missing: z.array(z.object({ key: ZMemberProfileFieldKey, label: z.string() })),
});
export type TRequiredComplete = z.infer<typeof ZRequiredComplete>;
