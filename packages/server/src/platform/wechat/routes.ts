import { randomBytes } from 'node:crypto';
import { ok, ResultCode, ZEnvelope } from '@shetuan/shared';
import { WECHAT_LOGIN_MESSAGES, ZWechatAvailability } from '@shetuan/shared/identity';
import { PLATFORM_PAGES } from '@shetuan/shared/rbac';
import { z } from 'zod';
import { authOf } from '../auth/context';
import type { Tx } from '../db';
import type { AppInstance } from '../http/app-types';
import { AppError } from '../http/errors';
import { tenantOfRequest } from '../tenancy/request-tenant';
import { completeLogin, isLoginAttempt, wechatLoginRoutes } from './login';
import { type WechatProvider, wechatProviderFromConfig } from './provider';
import * as repo from './repository';

const tags = ['wechat'];
/** How long a binding QR code stays valid (then 二维码已失效,请刷新页面再试). */
export const WECHAT_QR_SECONDS = 120;
/** The spec's code when the QR code cannot be made: the page stops. */
export const WECHAT_QR_FAILED = 9999;

const ZUuid = z.object({ uuid: z.string().regex(/^[0-9a-f]{32}$/, '二维码已失效,请刷新页面再试') });

/** Marks a binding done for its person, unless that WeChat account is already another person's here. */
async function completeBinding(tx: Tx, tenantId: number, uuid: string, account: { openId: string; nickname: string }) {
  const binding = await repo.findPendingBinding(tx, tenantId, uuid);
  if (!binding || binding.expiresAt.getTime() <= Date.now())
    throw new AppError(ResultCode.FAILED, '二维码已失效,请刷新页面再试');
  const taken = (await repo.accountHolderOtherThan(tx, tenantId, account.openId, binding.userId)) !== undefined;
  const status = taken ? 'failed' : 'success';
  await repo.finishBinding(tx, tenantId, binding.id, { status, openId: account.openId, nickname: account.nickname });
  if (taken) throw new AppError(ResultCode.FAILED, '该微信已绑定其他账号');
  await repo.upsertAccount(tx, binding.tenantId, binding.userId, account);
}

/**
 * WeChat binding (spec 000 §4): a QR code the page polls once a second; poll_false means keep
 * waiting. The provider decides who confirms: WeChat itself (open platform), or in development an
 * administrator at /wechatDevConfirm. Without a provider (null: production without one configured)
 * WeChat login and binding are unavailable: the pages hide them, the routes say so.
 */
export async function wechatRoutes(
  app: AppInstance,
  provider: WechatProvider | null = wechatProviderFromConfig(app.config),
) {
  const { db } = app;
  await wechatLoginRoutes(app, provider);

  app.get(
    '/wechat/available',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '是否开通微信登录与绑定（未配置微信开放平台的生产环境不开通）',
        response: { 200: ZEnvelope(ZWechatAvailability) },
      },
    },
    async () => ok({ available: provider !== null }),
  );

  app.get(
    '/wechat/account',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '我的微信绑定',
        response: {
          200: ZEnvelope(
            z.object({
              bound: z.boolean(),
              nickname: z.string(),
              boundAt: z.string().nullable(),
              /** Whether a new binding can be made here (a provider is configured). */
              available: z.boolean(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await db.withTenant(auth.tenantId, (tx) => repo.findAccount(tx, auth.tenantId, auth.userId));
      return ok({
        bound: Boolean(row),
        nickname: row?.nickname ?? '',
        boundAt: row?.createdAt.toISOString() ?? null,
        available: provider !== null,
      });
    },
  );

  app.post(
    '/wechat/bind/qr',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '生成绑定二维码（有效 120 秒）',
        response: { 200: ZEnvelope(z.object({ uuid: z.string(), qrContent: z.string(), expiresIn: z.number() })) },
      },
    },
    async (request) => {
      if (!provider) throw new AppError(ResultCode.FAILED, WECHAT_LOGIN_MESSAGES.bindUnavailable);
      const auth = authOf(request);
      const uuid = randomBytes(16).toString('hex');
      const origin = `${request.protocol}://${request.host}`;
      let qrContent: string;
      try {
        qrContent = provider.qrContent(uuid, origin);
      } catch {
        throw new AppError(WECHAT_QR_FAILED, '二维码生成失败，请稍后再试');
      }
      await db.withTenant(auth.tenantId, (tx) =>
        repo.insertBinding(tx, auth.tenantId, {
          uuid,
          userId: auth.userId,
          expiresAt: new Date(Date.now() + WECHAT_QR_SECONDS * 1000),
        }),
      );
      return ok({ uuid, qrContent, expiresIn: WECHAT_QR_SECONDS });
    },
  );

  app.get(
    '/wechat/bind/poll',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '轮询绑定结果：poll_false 继续等待，success，expired，failed',
        querystring: ZUuid,
        response: { 200: ZEnvelope(z.object({ code: z.enum(['poll_false', 'success', 'expired', 'failed']) })) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await db.withTenant(auth.tenantId, (tx) =>
        repo.findOwnBinding(tx, auth.tenantId, request.query.uuid, auth.userId),
      );
      if (!row) throw new AppError(ResultCode.FAILED, '二维码已失效,请刷新页面再试');
      if (row.status === 'success') return ok({ code: 'success' as const }, '绑定成功');
      if (row.status === 'failed') return ok({ code: 'failed' as const }, '绑定失败，请重新扫描二维码');
      if (row.expiresAt.getTime() <= Date.now()) return ok({ code: 'expired' as const }, '二维码已失效,请刷新页面再试');
      return ok({ code: 'poll_false' as const });
    },
  );

  app.delete(
    '/wechat/account',
    {
      config: { permission: 'identity' },
      schema: { tags, summary: '解除微信绑定', response: { 200: ZEnvelope(z.null()) } },
    },
    async (request) => {
      const auth = authOf(request);
      await db.withTenant(auth.tenantId, (tx) => repo.deleteAccount(tx, auth.tenantId, auth.userId));
      return ok(null, '已解除绑定');
    },
  );

  // The development stand-in's confirmation exists only with that provider (never in production
  // unless WECHAT_PROVIDER=dev asks for it: config wechatProviderName).
  if (provider?.name === 'dev') {
    app.post(
      '/wechat/dev/confirm',
      {
        config: { permission: PLATFORM_PAGES.smsOutbox.path },
        schema: {
          tags,
          summary: '开发环境：管理员代为确认一次待绑定（模拟微信扫码确认）',
          body: ZUuid,
          response: { 200: ZEnvelope(z.null()) },
        },
      },
      async (request) => {
        const auth = authOf(request);
        await db.withTenant(auth.tenantId, (tx) =>
          completeBinding(tx, auth.tenantId, request.body.uuid, {
            openId: `dev-${randomBytes(8).toString('hex')}`,
            nickname: '开发环境微信用户',
          }),
        );
        return ok(null, '已确认绑定');
      },
    );
  }

  app.get(
    '/wechat/callback',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '微信开放平台回调（code, state）',
        querystring: z.object({ code: z.string().max(200).optional(), state: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const page = (text: string) =>
        reply
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><meta charset="utf-8"><title>微信</title><p style="font:16px sans-serif;text-align:center;margin-top:30vh">${text}</p>`,
          );
      if (!provider?.exchange || !request.query.code || !/^[0-9a-f]{32}$/.test(request.query.state)) {
        return page('绑定失败，请重新扫描二维码');
      }
      const state = request.query.state;
      try {
        const account = await provider.exchange(request.query.code);
        const tenantId = await tenantOfRequest(db, request);
        // The state is a login attempt's (/wxlogin) or a binding's uuid.
        const login = await db.withTenant(tenantId, async (tx) =>
          (await isLoginAttempt(tx, tenantId, state)) ? completeLogin(tx, tenantId, state, account) : null,
        );
        if (login === 'success') return page('扫码成功，请在电脑上继续');
        if (login === 'unbound') return page('该微信尚未绑定账号，请在电脑上登录后绑定');
        await db.withTenant(tenantId, (tx) => completeBinding(tx, tenantId, state, account));
        return page('绑定成功，请回到电脑上继续操作');
      } catch (err) {
        return page(err instanceof AppError ? err.message : '绑定失败，请重新扫描二维码');
      }
    },
  );
}
