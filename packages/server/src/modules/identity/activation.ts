import { passwordPolicyError, ResultCode } from '@shetuan/shared';
import { LOGIN_MESSAGES, type TActivate, type TLoginData } from '@shetuan/shared/identity';
import { writeLoginLog } from '../../platform/audit/service';
import { hashPassword } from '../../platform/auth/passwords';
import { createSession, revokeUserSessions } from '../../platform/auth/sessions';
import type { AppDatabase } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { CODE_CHECK_MESSAGES, consumeVerificationCode } from '../../platform/sms';
import { findLogin, isTenantUser, setPassword, tenantSettings } from './repository';

export const ACTIVATION_MESSAGES = {
  activated: '账号激活成功',
  noAccount: '该手机号在本机构没有待激活的账号，请核对手机号，或联系管理员',
  alreadyActive: '该账号已激活，请直接登录；忘记密码可通过“忘记密码”找回',
} as const;

/**
 * Account activation (/accountActivation, /account/validate; README): a person an administrator
 * or an import created without a password of their own (none at all, or an initial one still to be
 * changed) proves the phone with an SMS code (purpose `activate`) and sets a password under the
 * tenant's rules. The activation logs them in, as an SMS login would: the code proved the phone.
 */
export async function activate(
  db: AppDatabase,
  tenantId: number,
  input: TActivate,
  meta: { ip: string; userAgent: string },
): Promise<TLoginData> {
  const settings = await db.withGlobal((g) => tenantSettings(g, tenantId));
  const problem = passwordPolicyError(input.password, settings?.passwordPolicy === 'strong' ? 'strong' : 'basic');
  if (problem) throw new AppError(ResultCode.FAILED, problem);
  const phone = input.phoneNumber;
  const checked = await db.withTenant(tenantId, (tx) =>
    consumeVerificationCode(tx, { tenantId, phone, purpose: 'activate', code: input.code }),
  );
  if (checked !== 'ok') throw new AppError(ResultCode.FAILED, CODE_CHECK_MESSAGES[checked]);
  const account = await db.withTenant(tenantId, async (tx) => {
    const found = await findLogin(tx, phone);
    // The code proved the phone: only the account whose phone it is (a login name may look like one).
    return found?.mobile === phone && (await isTenantUser(tx, tenantId, found.id)) ? found : undefined;
  });
  if (!account) throw new AppError(ResultCode.FAILED, ACTIVATION_MESSAGES.noAccount);
  if (account.passwordHash && !account.mustChangePassword)
    throw new AppError(ResultCode.FAILED, ACTIVATION_MESSAGES.alreadyActive);
  if (account.status !== 1) throw new AppError(ResultCode.FAILED, LOGIN_MESSAGES.disabled);
  const passwordHash = await hashPassword(input.password);
  return db.withTenant(
    tenantId,
    async (tx) => {
      await setPassword(tx, account.id, passwordHash);
      // A session opened with the administrator's initial password ends with it.
      await revokeUserSessions(tx, tenantId, account.id, 'password');
      const session = await createSession(tx, { tenantId, userId: account.id, identityId: null, ...meta });
      await writeLoginLog(tx, {
        tenantId,
        userId: account.id,
        login: phone,
        method: 'activate',
        success: true,
        reason: '',
        ...meta,
      });
      return {
        token: session.token,
        signKey: session.signKey,
        userId: account.id,
        mobile: account.mobile ?? phone,
        tenantId,
        identityId: null,
        expiresAt: session.expiresAt.toISOString(),
      };
    },
    account.id,
  );
}
