import { ResultCode } from '@shetuan/shared';
import {
  MEMBER_PROFILE_IDENTITY_CODES,
  type MemberProfileFieldKey,
  type MemberProfileValues,
  missingProfileFields,
  requiredProfileFields,
  type TMemberProfile,
  type TProfileInput,
  type TRequiredComplete,
} from '@shetuan/shared/identity';
import { TenantCustomType } from '@shetuan/shared/tenant';
import type { AuthContext } from '../../platform/auth/context';
import type { AppDatabase, Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { findIdentity, findUser, memberProfileOf, saveMemberProfile, setName, tenantMenuMode } from './repository';

/*
 * The member profile (会员资料) and custom type 34's check of it (spec 000 §6; README "Custom type
 * 34"). The member fields belong to the person in one tenant (member_profiles); the name is the
 * person's own everywhere (users.name).
 */

interface Context {
  values: MemberProfileValues;
  /** The session's identity is a member's, in its own tenant (not a super administrator acting). */
  member: boolean;
  /** The tenant is of type 34 and the identity a member's: the check applies. */
  checked: boolean;
  /** The tenant's required fields when it is of type 34 and the identity a member's; empty otherwise. */
  required: MemberProfileFieldKey[];
}

async function profileContext(tx: Tx, auth: AuthContext): Promise<Context> {
  const user = await findUser(tx, auth.userId);
  if (!user) throw new AppError(ResultCode.TOKEN_INVALID, '您的登录信息已失效，请重新登录！', null, 401);
  const identity = auth.identityId && !auth.actingFrom ? await findIdentity(tx, auth.tenantId, auth.identityId) : null;
  const member = identity ? MEMBER_PROFILE_IDENTITY_CODES.includes(identity.identityCode) : false;
  const row = member ? await memberProfileOf(tx, auth.tenantId, auth.userId) : undefined;
  const tenant = member ? await tenantMenuMode(tx, auth.tenantId) : undefined;
  const checked = tenant?.customType === TenantCustomType.MEMBER_PROFILE_CHECK;
  return {
    values: {
      name: user.name,
      gender: row?.gender ?? '',
      idNumber: row?.idNumber ?? '',
      unitName: row?.unitName ?? '',
      title: row?.title ?? '',
    },
    member,
    checked,
    required: checked ? requiredProfileFields(tenant?.settings) : [],
  };
}

/** GET /auth/profile: the name and, for a member, the member fields and what the tenant requires. */
export async function memberProfile(db: AppDatabase, auth: AuthContext): Promise<TMemberProfile> {
  return db.withTenant(
    auth.tenantId,
    async (tx) => {
      const { values, member, required } = await profileContext(tx, auth);
      return { ...values, member, required };
    },
    auth.userId,
  );
}

/**
 * GET /auth/profile/required-complete (the spec's /vip/requiredComplete): checked only for a member
 * identity of a type-34 tenant, against that tenant's required fields; complete otherwise.
 */
export async function requiredComplete(db: AppDatabase, auth: AuthContext): Promise<TRequiredComplete> {
  return db.withTenant(
    auth.tenantId,
    async (tx) => {
      const { values, checked, required } = await profileContext(tx, auth);
      if (!checked) return { checked: false, complete: true, missing: [] };
      const missing = missingProfileFields(values, required);
      return { checked: true, complete: missing.length === 0, missing };
    },
    auth.userId,
  );
}

/** PUT /auth/profile: the name; the member fields given are kept for a member identity only. */
export async function updateProfile(db: AppDatabase, auth: AuthContext, input: TProfileInput): Promise<void> {
  await db.withTenant(
    auth.tenantId,
    async (tx) => {
      await setName(tx, auth.userId, input.name);
      const { gender, idNumber, unitName, title } = input;
      const given = Object.fromEntries(
        Object.entries({ gender, idNumber, unitName, title }).filter(([, v]) => v !== undefined),
      ) as Partial<Record<'gender' | 'idNumber' | 'unitName' | 'title', string>>;
      if (Object.keys(given).length === 0) return;
      const { member } = await profileContext(tx, auth);
      if (!member) throw new AppError(ResultCode.FAILED, '当前身份不是会员，无需填写会员资料');
      await saveMemberProfile(tx, auth.tenantId, auth.userId, given);
    },
    auth.userId,
  );
}
