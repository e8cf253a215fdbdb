import { identityName, maskPhone, type PasswordPolicy, passwordPolicyError, ResultCode } from '@shetuan/shared';
import {
  IdentityStatus,
  isDirectLogin,
  LOGIN_MESSAGES,
  MENU_MODES,
  PageType,
  type PageTypeCode,
  pageTypeRoutes,
  TenantUserStatus,
  type TIdentity,
  type TLoginData,
  type TMenuData,
  type TRegister,
  type TSessionInfo,
  type TStatusData,
  type TVisitor,
  UserType,
} from '@shetuan/shared/identity';
import { DEFAULT_TENANT_LOGO } from '@shetuan/shared/tenant';
import { writeLoginLog } from '../../platform/audit/service';
import type { AuthContext } from '../../platform/auth/context';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { insertEntryTicket, spendEntryTicket } from '../../platform/auth/repository';
import { createSession, revokeSession, revokeUserSessions } from '../../platform/auth/sessions';
import { clearFailures, failureKeys, recentFailures, recordFailure, THROTTLE } from '../../platform/auth/throttle';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { consumeVerification } from '../../platform/captcha';
import type { AppDatabase, Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { sendMessage } from '../../platform/messages';
import { assignDefaultRole, buildMenus, grantsOfIdentity, grantsOfTenant } from '../../platform/rbac';
import { CODE_CHECK_MESSAGES, consumeVerificationCode, type SmsProvider, sendTenantCode } from '../../platform/sms';
import { pageTypeOfIdentity } from './page-type';
import {
  addTenantUser,
  findIdentity,
  findLogin,
  findUser,
  type IdentityRow,
  identitiesOfUser,
  insertIdentity,
  insertUser,
  isTenantUser,
  lockUser,
  myTenants,
  setEmail,
  setMobile,
  setPassword,
  tenantHeadRow,
  tenantMenuMode,
  tenantSettings,
} from './repository';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

type Outcome<T> = { ok: T } | { error: AppError };

/** Runs work in one tenant transaction that commits also when it decides to refuse (failure counts, logs). */
async function committed<T>(
  db: AppDatabase,
  tenantId: number,
  work: (tx: Tx) => Promise<Outcome<T>>,
  userId?: number | null,
): Promise<T> {
  const outcome = await db.withTenant(tenantId, work, userId);
  if ('error' in outcome) throw outcome.error;
  return outcome.ok;
}

function loginData(
  s: { token: string; signKey: string; expiresAt: Date },
  userId: number,
  mobile: string | null,
  tenantId: number,
  identityId: number | null,
): TLoginData {
  return {
    token: s.token,
    signKey: s.signKey,
    userId,
    mobile: mobile ?? '',
    tenantId,
    identityId,
    expiresAt: s.expiresAt.toISOString(),
  };
}

const lockedError = (until: Date) =>
  new AppError(
    ResultCode.FAILED,
    `密码错误次数过多，账号已锁定，请${Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000))}分钟后再试`,
  );

export async function passwordLogin(
  db: AppDatabase,
  tenantId: number,
  input: { login: string; password: string; captchaVerification?: string | undefined },
  meta: RequestMeta,
): Promise<TLoginData> {
  const login = input.login.trim();
  return committed<TLoginData>(db, tenantId, async (tx) => {
    const log = (userId: number | null, success: boolean, reason: string) =>
      writeLoginLog(tx, { tenantId, userId, login, method: 'password', success, reason, ...meta });
    const keys = failureKeys(login, meta.ip);
    const failures = await recentFailures(tx, keys);
    const account = await findLogin(tx, login);
    if (account?.lockedUntil && account.lockedUntil.getTime() > Date.now()) {
      await log(account.id, false, 'locked');
      return { error: lockedError(account.lockedUntil) };
    }
    // Past 5 failures a slide-captcha verification is needed (code 416); a verification from
    // /captcha/check lets one attempt through. Wrong passwords keep counting behind the 416, so
    // the lock at 10 still comes.
    const captchaPassed =
      Boolean(input.captchaVerification) && (await consumeVerification(tx, input.captchaVerification, tenantId));
    const captchaNeeded =
      !captchaPassed && (failures.account >= THROTTLE.captchaAfter || failures.ip >= THROTTLE.captchaAfter);
    let passwordOk = false;
    if (account) passwordOk = await verifyPassword(account.passwordHash, input.password);
    else await burnPasswordCheck(input.password);
    if (captchaNeeded && passwordOk) {
      await log(account?.id ?? null, false, 'captcha required');
      return { error: new AppError(ResultCode.CAPTCHA_REQUIRED, LOGIN_MESSAGES.captchaRequired) };
    }
    if (!account || !passwordOk) {
      await recordFailure(tx, keys);
      const accountCount = failures.account + 1;
      if (account && accountCount >= THROTTLE.lockAfter) {
        const until = new Date(Date.now() + THROTTLE.lockMs);
        await lockUser(tx, account.id, until);
        await log(account.id, false, 'locked after failures');
        return { error: lockedError(until) };
      }
      await log(account?.id ?? null, false, 'bad credentials');
      if (!captchaPassed && Math.max(accountCount, failures.ip + 1) >= THROTTLE.captchaAfter)
        return { error: new AppError(ResultCode.CAPTCHA_REQUIRED, LOGIN_MESSAGES.captchaRequired) };
      return { error: new AppError(ResultCode.FAILED, LOGIN_MESSAGES.badCredentials) };
    }
    if (account.status !== 1) {
      await log(account.id, false, 'disabled');
      return { error: new AppError(ResultCode.FAILED, LOGIN_MESSAGES.disabled) };
    }
    await clearFailures(tx, keys);
    const session = await createSession(tx, { tenantId, userId: account.id, identityId: null, ...meta });
    await log(account.id, true, '');
    return { ok: loginData(session, account.id, account.mobile, tenantId, null) };
  });
}

export async function sendCode(
  db: AppDatabase,
  sms: SmsProvider,
  tenantId: number,
  input: { phoneNumber: string; purpose: string; captchaVerification?: string | undefined },
): Promise<void> {
  await sendTenantCode(db, sms, tenantId, input);
}

async function checkCode(
  db: AppDatabase,
  tenantId: number,
  phone: string,
  purpose: string,
  code: string,
): Promise<void> {
  const result = await db.withTenant(tenantId, (tx) => consumeVerificationCode(tx, { tenantId, phone, purpose, code }));
  if (result !== 'ok') throw new AppError(ResultCode.FAILED, CODE_CHECK_MESSAGES[result]);
}

/**
 * The account whose login phone (mobile) this is. An SMS code proves a phone, not a login name:
 * findLogin also matches users.account, and a login name may look like someone's phone number, so
 * whoever holds that number must not log in to, or reset the password of, the account so named.
 */
async function accountOfPhone(tx: Tx, phone: string) {
  const found = await findLogin(tx, phone);
  return found?.mobile === phone ? found : undefined;
}

export async function smsLogin(
  db: AppDatabase,
  tenantId: number,
  input: { phoneNumber: string; code: string },
  meta: RequestMeta,
): Promise<TLoginData> {
  await checkCode(db, tenantId, input.phoneNumber, 'login', input.code);
  return committed<TLoginData>(db, tenantId, async (tx) => {
    const account = await accountOfPhone(tx, input.phoneNumber);
    const log = (userId: number | null, success: boolean, reason: string) =>
      writeLoginLog(tx, { tenantId, userId, login: input.phoneNumber, method: 'sms', success, reason, ...meta });
    if (!account) {
      await log(null, false, 'not registered');
      return { error: new AppError(ResultCode.FAILED, '该手机号尚未注册') };
    }
    if (account.status !== 1) {
      await log(account.id, false, 'disabled');
      return { error: new AppError(ResultCode.FAILED, LOGIN_MESSAGES.disabled) };
    }
    const session = await createSession(tx, { tenantId, userId: account.id, identityId: null, ...meta });
    await log(account.id, true, '');
    return { ok: loginData(session, account.id, account.mobile, tenantId, null) };
  });
}

export async function forgotPassword(
  db: AppDatabase,
  tenantId: number,
  input: { phoneNumber: string; code: string; newPassword: string },
): Promise<void> {
  const policy = await passwordPolicyOf(db, tenantId);
  const problem = passwordPolicyError(input.newPassword, policy);
  if (problem) throw new AppError(ResultCode.FAILED, problem);
  await checkCode(db, tenantId, input.phoneNumber, 'reset', input.code);
  const account = await db.withTenant(tenantId, (tx) => accountOfPhone(tx, input.phoneNumber));
  if (!account) throw new AppError(ResultCode.FAILED, '该手机号尚未注册');
  const passwordHash = await hashPassword(input.newPassword);
  await db.withTenant(
    tenantId,
    async (tx) => {
      await setPassword(tx, account.id, passwordHash);
      await revokeUserSessions(tx, tenantId, account.id, 'password');
    },
    account.id,
  );
}

/**
 * /societyRegister: a person registers with a tenant after proving the phone by SMS. The tenant's
 * settings.registration decides: 'review' (default) waits in /user-audit, 'open' is active at
 * once, 'closed' refuses. A phone that already has an account elsewhere joins with its own
 * password (the SMS code proved it is theirs); one already in this tenant is told to log in.
 */
export async function register(
  db: AppDatabase,
  tenantId: number,
  input: TRegister,
): Promise<{ pending: boolean; existed: boolean }> {
  const settings = await db.withGlobal((g) => tenantSettings(g, tenantId));
  const mode = settings?.registration ?? 'review';
  if (mode === 'closed') throw new AppError(ResultCode.FAILED, '本机构暂未开放注册');
  const problem = passwordPolicyError(input.password, settings?.passwordPolicy === 'strong' ? 'strong' : 'basic');
  if (problem) throw new AppError(ResultCode.FAILED, problem);
  await checkCode(db, tenantId, input.phoneNumber, 'register', input.code);
  const passwordHash = await hashPassword(input.password);
  const pending = mode !== 'open';
  return db.withTenant(tenantId, async (tx) => {
    // The code proved the phone: the account whose phone it is joins, never one merely named so.
    const existing = await accountOfPhone(tx, input.phoneNumber);
    if (existing && (await isTenantUser(tx, tenantId, existing.id))) {
      throw new AppError(ResultCode.FAILED, '该手机号已在本机构注册，请直接登录');
    }
    const userId =
      existing?.id ?? (await insertUser(tx, { name: input.name, mobile: input.phoneNumber, passwordHash }));
    await addTenantUser(tx, tenantId, userId, {
      userType: UserType.SOCIAL,
      status: pending ? TenantUserStatus.PENDING : TenantUserStatus.ACTIVE,
    });
    const identityId = await insertIdentity(tx, {
      tenantId,
      userId,
      identityCode: SOCIAL_IDENTITY_CODE,
      orgId: null,
      status: pending ? IdentityStatus.PENDING : IdentityStatus.ACTIVE,
    });
    await assignDefaultRole(tx, tenantId, identityId, SOCIAL_IDENTITY_CODE);
    if (pending) {
      await sendMessage(
        tx,
        tenantId,
        'registration.submitted',
        { roleName: '管理员' },
        {
          title: '新用户注册待审核',
          body: `${input.name}（${maskPhone(input.phoneNumber)}）申请注册，请到“用户审核”处理。`,
        },
      );
    }
    return { pending, existed: Boolean(existing) };
  });
}

/** A self-registered person is a personal user (16) of the tenant, a social user in its lists. */
const SOCIAL_IDENTITY_CODE = 16;

async function passwordPolicyOf(db: AppDatabase, tenantId: number): Promise<PasswordPolicy> {
  const settings = await db.withGlobal((g) => tenantSettings(g, tenantId));
  return settings?.passwordPolicy === 'strong' ? 'strong' : 'basic';
}

export async function changePassword(
  db: AppDatabase,
  auth: AuthContext,
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  const policy = await passwordPolicyOf(db, auth.tenantId);
  const problem = passwordPolicyError(input.newPassword, policy);
  if (problem) throw new AppError(ResultCode.FAILED, problem);
  if (input.oldPassword === input.newPassword) throw new AppError(ResultCode.FAILED, '新密码不能与原密码相同');
  await db.withTenant(
    auth.tenantId,
    async (tx) => {
      const user = await findUser(tx, auth.userId);
      if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
        throw new AppError(ResultCode.FAILED, '原密码错误');
      }
      await setPassword(tx, auth.userId, await hashPassword(input.newPassword));
      await revokeUserSessions(tx, auth.tenantId, auth.userId, 'password', auth.sessionId);
    },
    auth.userId,
  );
}

export async function bindPhone(
  db: AppDatabase,
  auth: AuthContext,
  input: { phoneNumber: string; code: string },
  purpose: 'bind' | 'change' = 'bind',
): Promise<void> {
  await checkCode(db, auth.tenantId, input.phoneNumber, purpose, input.code);
  await committed<boolean>(
    db,
    auth.tenantId,
    async (tx) => {
      const owner = await findLogin(tx, input.phoneNumber);
      if (owner && owner.id !== auth.userId)
        return { error: new AppError(ResultCode.FAILED, '该手机号已被其他账号使用') };
      await setMobile(tx, auth.userId, input.phoneNumber);
      return { ok: true };
    },
    auth.userId,
  );
}

function toIdentity(row: IdentityRow, companyName: string): TIdentity {
  return {
    identityId: row.id,
    identityCode: row.identityCode,
    identityName: identityName(row.identityCode),
    orgId: row.orgId,
    orgType: row.orgType,
    companyName: row.orgName ?? companyName,
    tenantId: row.tenantId,
    status: row.status,
    remark: row.remark,
  };
}

async function tenantName(tx: Tx, tenantId: number): Promise<string> {
  return (await tenantHead(tx, tenantId)).companyName;
}

/** The name and icon a tenant shows in the tab and the header. */
async function tenantHead(
  tx: Tx,
  tenantId: number,
): Promise<{ companyName: string; companyType: number; icon: string; customType: number }> {
  const t = await tenantHeadRow(tx, tenantId);
  return {
    companyName: t?.companyName ?? '',
    companyType: t?.companyType ?? 0,
    icon: !t || t.companyId === 1 || !t.icon ? DEFAULT_TENANT_LOGO : t.icon,
    customType: t?.customType ?? 0,
  };
}

/** The user status check: which page comes after login (spec 000 §2; README for the rules). */
export async function statusCheck(
  db: AppDatabase,
  auth: AuthContext,
  input: { userId: number; identityId?: number | undefined },
): Promise<TStatusData> {
  if (input.userId !== auth.userId) throw new AppError(ResultCode.FORBIDDEN, '只能查询本人的登录状态');
  return db.withTenant(
    auth.tenantId,
    async (tx) => {
      const user = await findUser(tx, auth.userId);
      if (!user) throw new AppError(ResultCode.TOKEN_INVALID, '您的登录信息已失效，请重新登录！', null, 401);
      const list = await identitiesOfUser(tx, auth.tenantId, auth.userId);
      return decideStatus(tx, auth, user, list, input.identityId);
    },
    auth.userId,
  );
}

/** The rules of the status check (README), for a person and their identities in the session's tenant. */
async function decideStatus(
  tx: Tx,
  auth: AuthContext,
  user: { mustChangePassword: boolean; mobile: string | null },
  list: IdentityRow[],
  identityId?: number,
): Promise<TStatusData> {
  const answer = (pageType: number, identityId: number | null = null, canEnter = true, msg: string | null = null) => ({
    pageType,
    identityId,
    canEnter,
    msg,
  });
  if (user.mustChangePassword) return answer(PageType.CHANGE_PASSWORD);
  if (!user.mobile) return answer(PageType.SET_PHONE);
  const societies = await myTenants(tx);
  const here = societies.some((s) => s.tenantId === auth.tenantId);
  if (!auth.societyChosen && (societies.length > 1 || (societies.length === 1 && !here)))
    return answer(PageType.CHOOSE_SOCIETY);
  if (identityId) {
    const chosen = list.find((i) => i.id === identityId);
    if (!chosen) throw new AppError(ResultCode.FAILED, '该身份不存在');
    return answer(pageTypeOfIdentity(chosen, true), chosen.id);
  }
  if (list.length === 0) return answer(PageType.DIRECT, null, false, LOGIN_MESSAGES.cannotEnter);
  if (list.length > 1) return answer(PageType.CHOOSE_IDENTITY);
  const only = list[0] as IdentityRow;
  return answer(pageTypeOfIdentity(only, false), only.id);
}

/** The page a status answer opens: its page type's route, '/' (the console) for a direct login, or none. */
function routeOf(status: TStatusData): string | null {
  if (!status.canEnter) return null;
  if (isDirectLogin(status.pageType)) return status.identityId ? '/' : null;
  return pageTypeRoutes[status.pageType as PageTypeCode] ?? null;
}

const ANONYMOUS: TVisitor = {
  loggedIn: false,
  userId: null,
  name: '',
  mobile: '',
  identity: null,
  identityCount: 0,
  next: null,
  results: [],
};

/**
 * GET /auth/visitor (README, "The login result pages"): who opened a login-side page. Nobody, or
 * a session that no longer holds, is anonymous. A session already in an active identity belongs
 * in the console; any other the status check places. The results are the person's identities here
 * that are not active, each with the result page that speaks of it.
 */
export async function visitor(db: AppDatabase, auth: AuthContext | null): Promise<TVisitor> {
  if (!auth) return ANONYMOUS;
  if (auth.actingFrom) {
    // A super administrator acting as a tenant is in the console by definition; their own
    // identities are in the tenant they came from.
    const home = await sessionInfo(db, auth);
    return {
      loggedIn: true,
      userId: home.userId,
      name: home.name,
      mobile: maskPhone(home.mobile),
      identity: home.identity,
      identityCount: home.identityCount,
      next: {
        pageType: PageType.DIRECT_BY_IDENTITY,
        identityId: auth.actingFrom.identityId,
        canEnter: true,
        msg: null,
        route: '/',
      },
      results: [],
    };
  }
  return db.withTenant(
    auth.tenantId,
    async (tx) => {
      const user = await findUser(tx, auth.userId);
      if (!user) return ANONYMOUS;
      const companyName = await tenantName(tx, auth.tenantId);
      const list = await identitiesOfUser(tx, auth.tenantId, auth.userId);
      const current = list.find((i) => i.id === auth.identityId && i.status === IdentityStatus.ACTIVE);
      const status: TStatusData = current
        ? { pageType: PageType.DIRECT_BY_IDENTITY, identityId: current.id, canEnter: true, msg: null }
        : await decideStatus(tx, auth, user, list);
      const results = list.flatMap((row) => {
        const pageType = pageTypeOfIdentity(row, true);
        const route = pageTypeRoutes[pageType];
        return route ? [{ ...toIdentity(row, companyName), pageType, route }] : [];
      });
      return {
        loggedIn: true,
        userId: user.id,
        name: user.name,
        mobile: maskPhone(user.mobile ?? ''),
        identity: current ? toIdentity(current, companyName) : null,
        identityCount: list.length,
        next: { ...status, route: routeOf(status) },
        results,
      };
    },
    auth.userId,
  );
}

export async function listIdentities(
  db: AppDatabase,
  auth: AuthContext,
  query: { userId: number; tenantId?: number | undefined },
): Promise<TIdentity[]> {
  if (query.userId !== auth.userId) throw new AppError(ResultCode.FORBIDDEN, '只能查询本人的身份');
  if (query.tenantId && query.tenantId !== auth.tenantId)
    throw new AppError(ResultCode.FORBIDDEN, '只能查询当前机构的身份');
  return db.withTenant(
    auth.tenantId,
    async (tx) => {
      const name = await tenantName(tx, auth.tenantId);
      return (await identitiesOfUser(tx, auth.tenantId, auth.userId)).map((r) => toIdentity(r, name));
    },
    auth.userId,
  );
}

/** Logs in as one identity: the session is replaced by one bound to it (also the identity switch). */
export async function identityLogin(
  db: AppDatabase,
  auth: AuthContext,
  identityId: number,
  meta: RequestMeta,
): Promise<TLoginData> {
  return committed<TLoginData>(
    db,
    auth.tenantId,
    async (tx) => {
      const identity = await findIdentity(tx, auth.tenantId, identityId);
      if (!identity || identity.userId !== auth.userId)
        return { error: new AppError(ResultCode.FAILED, '该身份不存在') };
      if (identity.status !== IdentityStatus.ACTIVE)
        return { error: new AppError(ResultCode.FAILED, LOGIN_MESSAGES.cannotEnter) };
      const user = await findUser(tx, auth.userId);
      await revokeSession(tx, auth.tenantId, auth.sessionId, 'replaced');
      const session = await createSession(tx, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        identityId,
        societyChosen: auth.societyChosen,
        ...meta,
      });
      return { ok: loginData(session, auth.userId, user?.mobile ?? null, auth.tenantId, identityId) };
    },
    auth.userId,
  );
}

/** How long a member entry ticket may wait for its one use. */
export const ENTRY_TICKET_MS = 120_000;

/** Issues a one-time entry ticket for the session's own identity (the member entry link). */
export async function issueEntryTicket(
  db: AppDatabase,
  auth: AuthContext,
): Promise<{ memberToken: string; identityId: number; userId: number; expiresAt: string }> {
  if (!auth.identityId || auth.actingFrom) throw new AppError(ResultCode.FORBIDDEN, '请先选择登录身份');
  const identityId = auth.identityId;
  const memberToken = newToken();
  const expiresAt = new Date(Date.now() + ENTRY_TICKET_MS);
  await db.withTenant(auth.tenantId, (tx) =>
    insertEntryTicket(tx, auth.tenantId, {
      tokenHash: hashToken(memberToken),
      userId: auth.userId,
      identityId,
      expiresAt,
    }),
  );
  return { memberToken, identityId, userId: auth.userId, expiresAt: expiresAt.toISOString() };
}

/**
 * The member entry (spec 000 §2): member token, identity id and user id from the query log in
 * directly as that identity. The ticket is spent by its first use, right or wrong.
 */
export async function entryLogin(
  db: AppDatabase,
  tenantId: number,
  input: { memberToken: string; identityId: number; userId: number },
  meta: RequestMeta,
): Promise<TLoginData> {
  return committed<TLoginData>(
    db,
    tenantId,
    async (tx) => {
      const refuse = async (reason: string) => {
        await writeLoginLog(tx, {
          tenantId,
          userId: input.userId,
          login: `entry:${input.userId}`,
          method: 'entry',
          success: false,
          reason,
          ...meta,
        });
        return { error: new AppError(ResultCode.FAILED, '登录链接无效或已过期，请重新登录') };
      };
      const ticket = await spendEntryTicket(tx, tenantId, hashToken(input.memberToken));
      if (!ticket) return refuse('unknown or used ticket');
      if (ticket.expiresAt.getTime() <= Date.now()) return refuse('expired ticket');
      if (ticket.userId !== input.userId || ticket.identityId !== input.identityId) return refuse('ticket mismatch');
      const identity = await findIdentity(tx, tenantId, ticket.identityId);
      const user = await findUser(tx, ticket.userId);
      if (!identity || !user || user.status !== 1 || identity.status !== IdentityStatus.ACTIVE)
        return refuse('identity not active');
      const session = await createSession(tx, {
        tenantId,
        userId: user.id,
        identityId: identity.id,
        societyChosen: true,
        ...meta,
      });
      await writeLoginLog(tx, {
        tenantId,
        userId: user.id,
        login: user.mobile ?? user.account ?? String(user.id),
        method: 'entry',
        success: true,
        reason: '',
        ...meta,
      });
      return { ok: loginData(session, user.id, user.mobile, tenantId, identity.id) };
    },
    input.userId,
  );
}

export async function listSocieties(db: AppDatabase, auth: AuthContext) {
  return db.withTenant(
    auth.tenantId,
    async (tx) =>
      (await myTenants(tx)).map((t) => ({
        tenantId: t.tenantId,
        companyName: t.companyName,
        icon: t.companyId === 1 || !t.icon ? DEFAULT_TENANT_LOGO : t.icon,
      })),
    auth.userId,
  );
}

/** Moves the login to another tenant the person belongs to: a new session there. */
export async function chooseSociety(
  db: AppDatabase,
  auth: AuthContext,
  tenantId: number,
  meta: RequestMeta,
): Promise<TLoginData> {
  const societies = await listSocieties(db, auth);
  if (!societies.some((s) => s.tenantId === tenantId)) throw new AppError(ResultCode.FAILED, '您不属于该机构');
  await db.withTenant(auth.tenantId, (tx) => revokeSession(tx, auth.tenantId, auth.sessionId, 'replaced'));
  return db.withTenant(
    tenantId,
    async (tx) => {
      const user = await findUser(tx, auth.userId);
      const session = await createSession(tx, {
        tenantId,
        userId: auth.userId,
        identityId: null,
        societyChosen: true,
        ...meta,
      });
      return loginData(session, auth.userId, user?.mobile ?? null, tenantId, null);
    },
    auth.userId,
  );
}

export async function menuOf(db: AppDatabase, auth: AuthContext, mode?: number): Promise<TMenuData> {
  if (!auth.identityId) throw new AppError(ResultCode.FORBIDDEN, '请先选择登录身份');
  const identityId = auth.identityId;
  return db.withTenant(auth.tenantId, async (tx) => {
    const tenant = await tenantMenuMode(tx, auth.tenantId);
    // A mode is honoured only where the tenant offers the 当前模式 switcher.
    const switcher = tenant?.settings.modeSwitcher === true;
    const customType = switcher && mode !== undefined ? mode : (tenant?.customType ?? 0);
    const grants = auth.actingFrom
      ? await grantsOfTenant(tx, auth.tenantId)
      : await grantsOfIdentity(tx, auth.tenantId, identityId);
    const { menuResult, hiddenMenu } = buildMenus(grants.menus, customType);
    return {
      menuResult,
      hiddenMenu,
      functions: [...grants.functions].sort(),
      customType,
      modes: switcher ? MENU_MODES.map((m) => ({ ...m })) : [],
    };
  });
}

export async function logout(db: AppDatabase, auth: AuthContext): Promise<void> {
  await db.withTenant(auth.tenantId, (tx) => revokeSession(tx, auth.tenantId, auth.sessionId, 'logout'));
}

export async function sessionInfo(db: AppDatabase, auth: AuthContext): Promise<TSessionInfo> {
  if (auth.actingFrom) {
    const home = await sessionInfo(db, { ...auth, tenantId: auth.actingFrom.tenantId, actingFrom: null });
    const head = await db.withTenant(auth.tenantId, (tx) => tenantHead(tx, auth.tenantId));
    return {
      ...home,
      tenantId: auth.tenantId,
      companyName: head.companyName,
      companyType: head.companyType,
      companyIcon: head.icon,
      actingAsTenant: true,
      customType: head.customType,
    };
  }
  return db.withTenant(
    auth.tenantId,
    async (tx) => {
      const user = await findUser(tx, auth.userId);
      if (!user) throw new AppError(ResultCode.TOKEN_INVALID, '您的登录信息已失效，请重新登录！', null, 401);
      const head = await tenantHead(tx, auth.tenantId);
      const name = head.companyName;
      const list = await identitiesOfUser(tx, auth.tenantId, auth.userId);
      const current = list.find((i) => i.id === auth.identityId);
      return {
        userId: user.id,
        name: user.name,
        mobile: user.mobile ?? '',
        email: user.email,
        tenantId: auth.tenantId,
        companyName: name,
        companyType: head.companyType,
        companyIcon: head.icon,
        identity: current ? toIdentity(current, name) : null,
        identityCount: list.filter((i) => i.status === IdentityStatus.ACTIVE).length,
        actingAsTenant: false,
        customType: head.customType,
      };
    },
    auth.userId,
  );
}

/** Binds or changes the e-mail, confirmed by the login password (no mail provider yet; README). */
export async function changeEmail(
  db: AppDatabase,
  auth: AuthContext,
  input: { email: string; password: string },
): Promise<void> {
  await db.withTenant(
    auth.tenantId,
    async (tx) => {
      const user = await findUser(tx, auth.userId);
      if (!user || !(await verifyPassword(user.passwordHash, input.password)))
        throw new AppError(ResultCode.FAILED, '登录密码错误');
      await setEmail(tx, auth.userId, input.email);
    },
    auth.userId,
  );
}
