import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ok, ResultCode, ZEnvelope } from '@shetuan/shared';
import {
  LOGIN_MESSAGES,
  type TLoginData,
  type TWechatLoginState,
  WECHAT_LOGIN_MESSAGES,
  WECHAT_LOGIN_SECONDS,
  WECHAT_LOGIN_STATES,
  WECHAT_UNBOUND_BIND_MINUTES,
  ZLoginData,
  ZWechatDevLoginConfirm,
  ZWechatLoginQr,
  ZWechatLoginTicket,
} from '@shetuan/shared/identity';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { writeLoginLog } from '../audit/service';
import { authOf } from '../auth/context';
import { createSession } from '../auth/sessions';
import type { Tx } from '../db';
import type { AppInstance } from '../http/app-types';
import { AppError } from '../http/errors';
import { tenantOfRequest } from '../tenancy/request-tenant';
import type { WechatProvider } from './provider';
import * as repo from './repository';

/*
 * WeChat QR login (/wxlogin, spec 001 §2.1; docs/identity-and-access.md). The page asks for an
 * attempt (its uuid goes into the QR, its poll key stays in the page), polls once a second, and
 * the first poll after a scan by a bound account logs in. A scan by an account bound to nobody
 * here never logs anyone in: the page says so and offers to log in and bind it.
 */

const tags = ['wechat'];
/** The spec's code when the QR code cannot be made: the page stops. */
const QR_FAILED = 9999;
/** A scan is turned into a login within this time, or not at all. */
const SUCCESS_KEEP_MS = 5 * 60_000;
/** Attempts older than this are deleted as new ones come. */
const KEEP_ATTEMPTS_MS = 24 * 3_600_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest();
const keyMatches = (row: repo.LoginRow, pollKey: string) =>
  timingSafeEqual(Buffer.from(row.pollKeyHash, 'hex'), sha256(pollKey));
const meta = (r: FastifyRequest) => ({ ip: r.ip, userAgent: String(r.headers['user-agent'] ?? '') });
const expired = () => new AppError(ResultCode.FAILED, WECHAT_LOGIN_MESSAGES.expired);

type ScanOutcome = 'success' | 'unbound';

/**
 * A scan of a pending login attempt by a WeChat account (the provider's callback, or the
 * development confirmation): success when the account is bound to a person here, else unbound.
 */
export async function completeLogin(
  tx: Tx,
  tenantId: number,
  uuid: string,
  account: { openId: string; nickname: string },
): Promise<ScanOutcome> {
  const row = await repo.findLogin(tx, tenantId, uuid);
  if (row?.status !== 'pending' || row.expiresAt.getTime() <= Date.now()) throw expired();
  const userId = (await repo.accountHolder(tx, tenantId, account.openId)) ?? null;
  if (!(await repo.scanLogin(tx, tenantId, row.id, { openId: account.openId, nickname: account.nickname, userId })))
    throw expired();
  return userId === null ? 'unbound' : 'success';
}

/** Whether a uuid is a login attempt of the tenant (the callback serves logins and bindings). */
export async function isLoginAttempt(tx: Tx, tenantId: number, uuid: string): Promise<boolean> {
  return (await repo.findLogin(tx, tenantId, uuid)) !== undefined;
}

type PollAnswer = { code: TWechatLoginState; login: TLoginData | null; nickname: string };
type Outcome = { ok: PollAnswer } | { error: AppError };

/** One poll: waiting, expired, unbound, or the login (the attempt is spent by the first poll that sees it). */
async function poll(
  tx: Tx,
  tenantId: number,
  ticket: { uuid: string; pollKey: string },
  requestMeta: { ip: string; userAgent: string },
): Promise<Outcome> {
  const answer = (code: TWechatLoginState, login: TLoginData | null = null, nickname = ''): Outcome => ({
    ok: { code, login, nickname },
  });
  const row = await repo.findLogin(tx, tenantId, ticket.uuid);
  if (!row || !keyMatches(row, ticket.pollKey)) return { error: expired() };
  const scannedAgo = row.scannedAt ? Date.now() - row.scannedAt.getTime() : 0;
  if (row.status === 'pending') return answer(row.expiresAt.getTime() <= Date.now() ? 'expired' : 'poll_false');
  if (row.status === 'unbound')
    return answer(scannedAgo < WECHAT_UNBOUND_BIND_MINUTES * 60_000 ? 'unbound' : 'expired', null, row.nickname);
  if (row.status !== 'success' || scannedAgo >= SUCCESS_KEEP_MS || row.userId === null) return answer('expired');
  const spent = await repo.spendLogin(tx, tenantId, row.id, 'success');
  if (!spent || spent.userId === null) return answer('expired');
  const person = await repo.loginPerson(tx, spent.userId);
  const login = person?.mobile ?? person?.account ?? `wechat:${spent.userId}`;
  const log = (success: boolean, reason: string) =>
    writeLoginLog(tx, { tenantId, userId: spent.userId, login, method: 'wechat', success, reason, ...requestMeta });
  if (person?.status !== 1) {
    await log(false, 'disabled');
    return { error: new AppError(ResultCode.FAILED, LOGIN_MESSAGES.disabled) };
  }
  const session = await createSession(tx, { tenantId, userId: person.id, identityId: null, ...requestMeta });
  await log(true, '');
  return answer('success', {
    token: session.token,
    signKey: session.signKey,
    userId: person.id,
    mobile: person.mobile ?? '',
    tenantId,
    identityId: null,
    expiresAt: session.expiresAt.toISOString(),
  });
}

/**
 * The QR login's routes: the attempt, its poll, binding an unbound scan, and the development
 * confirmation (only with the development provider). Without a provider WeChat login is
 * unavailable: an attempt is refused with a Chinese message, and none can be scanned.
 */
export async function wechatLoginRoutes(app: AppInstance, provider: WechatProvider | null): Promise<void> {
  const { db } = app;
  const unavailable = () => new AppError(ResultCode.FAILED, WECHAT_LOGIN_MESSAGES.unavailable);

  app.post(
    '/wechat/login/qr',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: `微信扫码登录：生成二维码（有效 ${WECHAT_LOGIN_SECONDS} 秒）`,
        response: { 200: ZEnvelope(ZWechatLoginQr) },
      },
    },
    async (request) => {
      if (!provider) throw unavailable();
      const tenantId = await tenantOfRequest(db, request);
      const uuid = randomBytes(16).toString('hex');
      const pollKey = randomBytes(24).toString('base64url');
      let target: { qrContent: string | null; frameUrl: string | null };
      try {
        target = provider.loginTarget(uuid, `${request.protocol}://${request.host}`);
      } catch {
        throw new AppError(QR_FAILED, WECHAT_LOGIN_MESSAGES.qrFailed);
      }
      await db.withTenant(tenantId, async (tx) => {
        await repo.deleteLoginsBefore(tx, tenantId, new Date(Date.now() - KEEP_ATTEMPTS_MS));
        await repo.insertLogin(tx, tenantId, {
          uuid,
          pollKeyHash: sha256(pollKey).toString('hex'),
          expiresAt: new Date(Date.now() + WECHAT_LOGIN_SECONDS * 1000),
        });
      });
      return ok({ uuid, pollKey, ...target, expiresIn: WECHAT_LOGIN_SECONDS });
    },
  );

  app.post(
    '/wechat/login/poll',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '微信扫码登录：轮询（poll_false 继续等待，success 已登录，unbound 该微信未绑定账号，expired）',
        body: ZWechatLoginTicket,
        response: {
          200: ZEnvelope(
            z.object({ code: z.enum(WECHAT_LOGIN_STATES), login: ZLoginData.nullable(), nickname: z.string() }),
          ),
        },
      },
    },
    async (request) => {
      const tenantId = await tenantOfRequest(db, request);
      // Committed also when it refuses: the spent attempt and the login log stay.
      const outcome = await db.withTenant(tenantId, (tx) => poll(tx, tenantId, request.body, meta(request)));
      if ('error' in outcome) throw outcome.error;
      const msg =
        outcome.ok.code === 'success'
          ? '登录成功'
          : outcome.ok.code === 'unbound'
            ? WECHAT_LOGIN_MESSAGES.unbound
            : outcome.ok.code === 'expired'
              ? WECHAT_LOGIN_MESSAGES.expired
              : '';
      return ok(outcome.ok, msg);
    },
  );

  app.post(
    '/wechat/login/bind',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: `登录并绑定：把扫码登录时未绑定的微信绑定到本人（扫码后 ${WECHAT_UNBOUND_BIND_MINUTES} 分钟内）`,
        body: ZWechatLoginTicket,
        response: { 200: ZEnvelope(z.null()) },
      },
    },
    async (request) => {
      if (!provider) throw unavailable();
      const auth = authOf(request);
      await db.withTenant(
        auth.tenantId,
        async (tx) => {
          const row = await repo.findLogin(tx, auth.tenantId, request.body.uuid);
          const fresh = row?.scannedAt && Date.now() - row.scannedAt.getTime() < WECHAT_UNBOUND_BIND_MINUTES * 60_000;
          if (!row || !keyMatches(row, request.body.pollKey) || row.status !== 'unbound' || !fresh || !row.openId)
            throw expired();
          if ((await repo.accountHolderOtherThan(tx, auth.tenantId, row.openId, auth.userId)) !== undefined)
            throw new AppError(ResultCode.FAILED, '该微信已绑定其他账号');
          if (!(await repo.spendLogin(tx, auth.tenantId, row.id, 'unbound'))) throw expired();
          await repo.upsertAccount(tx, auth.tenantId, auth.userId, { openId: row.openId, nickname: row.nickname });
        },
        auth.userId,
      );
      return ok(null, WECHAT_LOGIN_MESSAGES.bound);
    },
  );

  // Anyone logged in may confirm here: the development stand-in only (config wechatProviderName).
  if (provider?.name === 'dev') {
    app.post(
      '/wechat/dev/confirm-login',
      {
        config: { permission: 'login' },
        schema: {
          tags,
          summary: '开发环境：以本人绑定的微信（或一个未绑定的微信）确认一次扫码登录（模拟手机微信扫码）',
          body: ZWechatDevLoginConfirm,
          response: { 200: ZEnvelope(z.object({ outcome: z.enum(['success', 'unbound']) })) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        const outcome = await db.withTenant(auth.tenantId, async (tx) => {
          const account =
            request.body.as === 'mine'
              ? await repo.findAccount(tx, auth.tenantId, auth.userId)
              : { openId: `dev-${randomBytes(8).toString('hex')}`, nickname: '开发环境微信用户' };
          if (!account) throw new AppError(ResultCode.FAILED, '您尚未绑定微信，请先在个人中心绑定微信');
          return completeLogin(tx, auth.tenantId, request.body.uuid, account);
        });
        return ok({ outcome }, outcome === 'success' ? '已确认登录' : '已扫码：该微信尚未绑定账号');
      },
    );
  }
}
