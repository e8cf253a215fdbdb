import { ok, ZEnvelope, ZIdParam } from '@shetuan/shared';
import {
  PAYMENT_PAGES,
  ZPayLink,
  ZPayLinkQuery,
  ZPayLinkStart,
  ZPayLinkState,
  ZPayLinkView,
  ZPayStarted,
} from '@shetuan/shared/payments';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import type { AppInstance } from '../../platform/http/app-types';
import { tenantOfRequest } from '../../platform/tenancy/request-tenant';
import { createPayLink, payByLink, payLinkState, payLinkView, revokePayLink } from './pay-links';
import * as repo from './repository';

const tags = ['payments'];
const P = PAYMENT_PAGES;

/**
 * 付款链接: the payer makes or revokes an order's link (logged in, 付款订单); whoever opens the link
 * reads the order, pays it and follows its state without logging in (the tenant is the domain's).
 */
export async function payLinkRoutes(app: AppInstance): Promise<void> {
  const { db, config } = app;
  const inTenant = callerTenant(db);
  const payer = async (tx: Tx, request: FastifyRequest) => {
    const { userId, tenantId } = authOf(request);
    return { tenantId, who: { userId, name: (await repo.personOf(tx, userId))?.name ?? '' } };
  };
  const inDomainTenant = async <T>(request: FastifyRequest, work: (tx: Tx, tenantId: number) => Promise<T>) => {
    const tenantId = await tenantOfRequest(db, request);
    return db.withTenant(tenantId, (tx) => work(tx, tenantId));
  };
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  const link = '/payments/mine/orders/:id/pay-link';
  app.post(
    link,
    {
      config: { permission: P.mine.path },
      schema: {
        tags,
        summary: '复制付款链接：生成（已有则沿用）订单的付款链接，他人无需登录即可代付',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZPayLink) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) => {
          const { tenantId, who } = await payer(tx, request);
          return createPayLink(tx, tenantId, who, request.params.id);
        }),
        '付款链接已生成',
      ),
  );
  app.delete(
    link,
    {
      config: { permission: P.mine.path },
      schema: { tags, summary: '取消付款链接（立即失效）', params: ZIdParam, response: { 200: ZEnvelope(z.null()) } },
    },
    async (request) => {
      await inTenant(request, async (tx) => {
        const { tenantId, who } = await payer(tx, request);
        await revokePayLink(tx, tenantId, who, request.params.id);
      });
      return ok(null, '付款链接已取消');
    },
  );

  app.get(
    '/public/payments/pay-link',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '付款链接：订单（标题、收款方、明细、金额、状态、截止时间）和可用的支付方式',
        querystring: ZPayLinkQuery,
        response: { 200: ZEnvelope(ZPayLinkView) },
      },
    },
    async (request) =>
      ok(await inDomainTenant(request, (tx, tenantId) => payLinkView(tx, tenantId, config, request.query.token))),
  );
  app.post(
    '/public/payments/pay-link/pay',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '付款链接：去支付（二维码、支付页面或对公转账账户）',
        body: ZPayLinkStart,
        response: { 200: ZEnvelope(ZPayStarted) },
      },
    },
    async (request) => {
      const { token, ...input } = request.body;
      return ok(
        await inDomainTenant(request, (tx, tenantId) =>
          payByLink(tx, tenantId, config, token, input, originOf(request)),
        ),
      );
    },
  );
  app.get(
    '/public/payments/pay-link/state',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '付款链接：订单状态（轮询），支付后仍可查看结果',
        querystring: ZPayLinkQuery,
        response: { 200: ZEnvelope(ZPayLinkState) },
      },
    },
    async (request) =>
      ok(await inDomainTenant(request, (tx, tenantId) => payLinkState(tx, tenantId, request.query.token))),
  );
}
