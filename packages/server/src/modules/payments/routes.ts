import { ok, ResultCode, ZEnvelope, ZIdParam, ZPage, ZPageQuery } from '@shetuan/shared';
import {
  PAYMENT_PAGES,
  type TOrderScope,
  ZCancelOrder,
  ZDevCashier,
  ZDevCashierAction,
  ZExceptionRefund,
  ZOrder,
  ZOrderDetail,
  ZOrderQuery,
  ZOrderState,
  ZOrderStats,
  ZOrderStatsQuery,
  ZPayeeContext,
  ZPayeeOption,
  ZPayeeOptionsQuery,
  ZPayOptions,
  ZPayStart,
  ZPayStarted,
  ZReceivingAccount,
  ZReceivingAccountInput,
  ZRefundCreate,
  ZVoucherReview,
  ZVoucherUpload,
} from '@shetuan/shared/payments';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import type { AppInstance } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { exportJobRoute } from '../../platform/jobs';
import { tenantOfRequest } from '../../platform/tenancy/request-tenant';
import { ORDERS_EXPORT_JOB } from './export';
import { callerActor, exportedViewer, payeeOptions, requireOperator } from './payees';
import { type InTenant, type LogError, receiveRefundNotification, refundException, refundOrder } from './refunds';
import * as repo from './repository';
import * as pay from './service';
import { orderStats } from './stats';

const tags = ['payments'];
const P = PAYMENT_PAGES;
const ZMessageOnly = ZEnvelope(z.null());
const ZVoucherParams = ZIdParam.extend({ voucherId: ZIdParam.shape.id });

/** The site the request came to: the cashier link and the notification address point back to it. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Each list's page: reading it, and its function points (审核凭证, 退款, 导出). */
const SCOPES: Record<TOrderScope, { page: string; export: string; audit?: string; refund?: string; title: string }> = {
  mine: { page: P.mine.path, export: P.mine.export, title: '付款订单' },
  collection: {
    page: P.collection.path,
    export: P.collection.export,
    audit: P.collection.audit,
    refund: P.collection.refund,
    title: '收款订单',
  },
  operation: {
    page: P.operation.path,
    export: P.operation.export,
    audit: P.operation.audit,
    refund: P.operation.refund,
    title: '订单运营',
  },
};

/** 订单与支付: the three order lists, the payment shell's calls, vouchers, refunds, accounts, notifications. */
export async function paymentRoutes(app: AppInstance): Promise<void> {
  const db = app.db;
  const config = app.config;
  const inTenant = callerTenant(db);
  const tenantOf = (request: FastifyRequest) => authOf(request).tenantId;
  const actor = (tx: Tx, request: FastifyRequest) => callerActor(tx, request);
  /** The caller's tenant, one transaction per call (a refund runs three: refunds.ts). */
  const inTenantOf =
    (request: FastifyRequest): InTenant =>
    (work) =>
      inTenant(request, work);
  const logOf =
    (request: FastifyRequest): LogError =>
    (err, msg) =>
      request.log.error({ err }, msg);
  /** 收款账户 are the tenant's (every payee is collected through them): its operators' only. */
  const operatorOnly = async (tx: Tx, request: FastifyRequest) =>
    requireOperator((await actor(tx, request)).payee, '管理收款账户');

  // ——— 收款方: who the caller receives as, and the operators' payee filter ———
  app.get(
    '/payments/payee',
    {
      config: { permission: 'identity' },
      schema: {
        tags,
        summary: '当前身份的收款方（学会本身或所在单位）及是否为平台运营方',
        response: { 200: ZEnvelope(ZPayeeContext) },
      },
    },
    async (request) => ok(await inTenant(request, async (tx) => (await actor(tx, request)).payee)),
  );
  app.get(
    '/payments/payees',
    {
      config: { permission: P.operation.path },
      schema: {
        tags,
        summary: '收款方选项（本单位及下属单位，按名称搜索，最多50个）',
        querystring: ZPayeeOptionsQuery,
        response: { 200: ZEnvelope(z.array(ZPayeeOption)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) => {
          const { payee } = await actor(tx, request);
          if (!payee.operator) return [{ value: payee.orgId ?? 0, label: payee.name }];
          return payeeOptions(tx, tenantOf(request), request.query.keyword);
        }),
      ),
  );

  // Alipay notifies with a form body; its signature is over the fields, kept as sent.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  for (const [scope, s] of Object.entries(SCOPES) as [TOrderScope, (typeof SCOPES)[TOrderScope]][]) {
    const base = `/payments/${scope}/orders`;
    app.get(
      base,
      {
        config: { permission: s.page },
        schema: { tags, summary: s.title, querystring: ZOrderQuery, response: { 200: ZEnvelope(ZPage(ZOrder)) } },
      },
      async (request) =>
        ok(
          await inTenant(request, async (tx) =>
            pay.listOrders(tx, tenantOf(request), scope, await actor(tx, request), request.query),
          ),
        ),
    );
    exportJobRoute(app, {
      url: `${base}/export-jobs`,
      permission: s.export,
      tags,
      title: s.title,
      body: ZOrderQuery.partial(),
      kind: ORDERS_EXPORT_JOB,
      payload: (r) => ({ scope, ...exportedViewer(r) }),
    });
    if (scope !== 'mine') {
      app.get(
        `${base}/stats`,
        {
          config: { permission: s.page },
          schema: {
            tags,
            summary: `${s.title}：统计（按状态、支付方式、月份）`,
            querystring: ZOrderStatsQuery,
            response: { 200: ZEnvelope(ZOrderStats) },
          },
        },
        async (request) =>
          ok(
            await inTenant(request, async (tx) =>
              orderStats(tx, tenantOf(request), scope, await actor(tx, request), request.query),
            ),
          ),
      );
    }
    app.get(
      `${base}/:id`,
      {
        config: { permission: s.page },
        schema: { tags, summary: '订单详情', params: ZIdParam, response: { 200: ZEnvelope(ZOrderDetail) } },
      },
      async (request) =>
        ok(
          await inTenant(request, async (tx) =>
            pay.orderDetail(
              tx,
              tenantOf(request),
              scope,
              scope === 'mine' ? pay.payerView(authOf(request).userId) : await actor(tx, request),
              request.params.id,
            ),
          ),
        ),
    );
    const { audit, refund } = s;
    if (audit) {
      app.post(
        `${base}/:id/vouchers/:voucherId/review`,
        {
          config: { permission: audit },
          schema: {
            tags,
            summary: '审核转账凭证：通过即为已支付，驳回须说明原因',
            params: ZVoucherParams,
            body: ZVoucherReview,
            response: { 200: ZMessageOnly },
          },
        },
        async (request) => {
          const message = await inTenant(request, async (tx) =>
            pay.reviewVoucher(
              tx,
              tenantOf(request),
              scope,
              await actor(tx, request),
              request.params.id,
              request.params.voucherId,
              request.body,
            ),
          );
          return ok(null, message);
        },
      );
    }
    if (refund) {
      app.post(
        `${base}/:id/refunds`,
        {
          config: { permission: refund },
          schema: {
            tags,
            summary: '退款（原路退回；对公转账记为线下退回）',
            params: ZIdParam,
            body: ZRefundCreate,
            response: { 200: ZMessageOnly },
          },
        },
        async (request) => {
          // Three transactions (refunds.ts): the refund recorded, the provider asked outside, its answer recorded.
          const who = await inTenant(request, (tx) => actor(tx, request));
          const message = await refundOrder(
            inTenantOf(request),
            tenantOf(request),
            config,
            scope,
            who,
            request.params.id,
            request.body,
            originOf(request),
            logOf(request),
          );
          return ok(null, message);
        },
      );
      app.post(
        `${base}/:id/payments/:paymentId/refund`,
        {
          config: { permission: refund },
          schema: {
            tags,
            summary: '退回异常款（已取消或已支付订单又收到的付款）：原路退回，或登记为线下转账退回',
            params: ZIdParam.extend({ paymentId: ZIdParam.shape.id }),
            body: ZExceptionRefund,
            response: { 200: ZMessageOnly },
          },
        },
        async (request) => {
          const who = await inTenant(request, (tx) => actor(tx, request));
          const message = await refundException(
            inTenantOf(request),
            tenantOf(request),
            config,
            scope,
            who,
            request.params.id,
            request.params.paymentId,
            request.body,
            originOf(request),
            logOf(request),
          );
          return ok(null, message);
        },
      );
    }
  }

  // ——— the payer: the payment shell ———
  const mine = '/payments/mine/orders/:id';
  app.get(
    `${mine}/state`,
    {
      config: { permission: P.mine.path },
      schema: { tags, summary: '订单状态（支付页轮询）', params: ZIdParam, response: { 200: ZEnvelope(ZOrderState) } },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          pay.orderState(tx, tenantOf(request), authOf(request).userId, request.params.id),
        ),
      ),
  );
  app.get(
    `${mine}/pay-options`,
    {
      config: { permission: P.mine.path },
      schema: { tags, summary: '可用的支付方式', params: ZIdParam, response: { 200: ZEnvelope(ZPayOptions) } },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          pay.payOptions(tx, tenantOf(request), config, authOf(request).userId, request.params.id),
        ),
      ),
  );
  app.post(
    `${mine}/pay`,
    {
      config: { permission: P.mine.path },
      schema: {
        tags,
        summary: '去支付：二维码、支付页面或对公转账账户',
        params: ZIdParam,
        body: ZPayStart,
        response: { 200: ZEnvelope(ZPayStarted) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) =>
          pay.startPayment(
            tx,
            tenantOf(request),
            config,
            await actor(tx, request),
            request.params.id,
            request.body,
            originOf(request),
          ),
        ),
      ),
  );
  app.post(
    `${mine}/cancel`,
    {
      config: { permission: P.mine.path },
      schema: {
        tags,
        summary: '取消订单（待支付时）',
        params: ZIdParam,
        body: ZCancelOrder,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      await inTenant(request, async (tx) => {
        const who = await actor(tx, request);
        await pay.cancelOrder(tx, tenantOf(request), config, request.params.id, who, request.body.reason, who.userId);
      });
      return ok(null, '订单已取消');
    },
  );
  app.post(
    `${mine}/vouchers`,
    {
      config: { permission: P.mine.path },
      schema: {
        tags,
        summary: '上传转账凭证（图片或 PDF）',
        params: ZIdParam,
        body: ZVoucherUpload,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      await inTenant(request, async (tx) => {
        const who = await actor(tx, request);
        const file = await repo.ownFile(tx, tenantOf(request), who.userId, request.body.fileId);
        if (!file) throw new AppError(ResultCode.FAILED, '请上传转账凭证', null, 400);
        if (!/^image\/|^application\/pdf$/.test(file.contentType))
          throw new AppError(ResultCode.FAILED, '转账凭证须为图片或PDF', null, 400);
        await pay.uploadVoucher(tx, tenantOf(request), who, request.params.id, {
          fileId: request.body.fileId,
          fileName: file.name,
          remark: request.body.remark,
        });
      });
      return ok(null, '凭证已提交，等待收款方审核');
    },
  );

  // ——— receiving accounts ———
  app.get(
    '/payments/accounts',
    {
      config: { permission: P.accounts.path },
      schema: {
        tags,
        summary: '收款账户',
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZReceivingAccount)) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) => {
          await operatorOnly(tx, request);
          return pay.listAccounts(tx, tenantOf(request), request.query);
        }),
      ),
  );
  app.get(
    '/payments/accounts/:id',
    {
      config: { permission: P.accounts.path },
      schema: {
        tags,
        summary: '收款账户详情（不含密钥）',
        params: ZIdParam,
        response: { 200: ZEnvelope(ZReceivingAccount) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) => {
          await operatorOnly(tx, request);
          return pay.getAccount(tx, tenantOf(request), request.params.id);
        }),
      ),
  );
  app.post(
    '/payments/accounts',
    {
      config: { permission: P.accounts.add },
      schema: {
        tags,
        summary: '新增收款账户',
        body: ZReceivingAccountInput,
        response: { 200: ZEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        {
          id: await inTenant(request, async (tx) => {
            await operatorOnly(tx, request);
            return pay.createAccount(tx, tenantOf(request), config, request.body);
          }),
        },
        '新增成功',
      ),
  );
  app.put(
    '/payments/accounts/:id',
    {
      config: { permission: P.accounts.edit },
      schema: {
        tags,
        summary: '修改收款账户（密钥留空则不修改）',
        params: ZIdParam,
        body: ZReceivingAccountInput,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      await inTenant(request, async (tx) => {
        await operatorOnly(tx, request);
        await pay.updateAccount(tx, tenantOf(request), config, request.params.id, request.body);
      });
      return ok(null, '保存成功');
    },
  );
  app.delete(
    '/payments/accounts/:id',
    {
      config: { permission: P.accounts.delete },
      schema: { tags, summary: '删除收款账户（未被订单使用时）', params: ZIdParam, response: { 200: ZMessageOnly } },
    },
    async (request) => {
      await inTenant(request, async (tx) => {
        await operatorOnly(tx, request);
        await pay.deleteAccount(tx, tenantOf(request), config, request.params.id);
      });
      return ok(null, '删除成功');
    },
  );

  // ——— no login: provider notifications and the development cashier (the tenant is the domain's) ———
  const inDomainTenant = async <T>(request: FastifyRequest, work: (tx: Tx, tenantId: number) => Promise<T>) => {
    const tenantId = await tenantOfRequest(db, request);
    return db.withTenant(tenantId, (tx) => work(tx, tenantId));
  };
  app.post(
    '/public/payments/notify/:accountId',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '支付结果通知（微信支付、支付宝、模拟支付）：验签后入账，同一笔交易只入账一次',
        params: z.object({ accountId: ZIdParam.shape.id }),
      },
    },
    async (request, reply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
      const raw = { headers, body: request.rawBody ?? '' };
      // The common case in one round trip; anything else (or a provider not yet known to this
      // process) in a transaction, from the start.
      const tenantId = await tenantOfRequest(db, request);
      const answer =
        (await pay.receiveNotificationAtOnce(db, tenantId, config, request.params.accountId, raw)) ??
        (await db.withTenant(tenantId, (tx) =>
          pay.receiveNotification(tx, tenantId, config, request.params.accountId, raw),
        ));
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
  );
  app.post(
    '/public/payments/refund-notify/:accountId',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '退款结果通知（微信支付）：验签解密后记账，同一笔退款只处理一次',
        params: z.object({ accountId: ZIdParam.shape.id }),
      },
    },
    async (request, reply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = Array.isArray(v) ? v[0] : v;
      const raw = { headers, body: request.rawBody ?? '' };
      const answer = await inDomainTenant(request, (tx, tenantId) =>
        receiveRefundNotification(tx, tenantId, config, request.params.accountId, raw),
      );
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
  );
  app.get(
    '/public/payments/dev-cashier',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '模拟收银台（开发环境）',
        querystring: z.object({ token: ZDevCashierAction.shape.token }),
        response: { 200: ZEnvelope(ZDevCashier) },
      },
    },
    async (request) =>
      ok(await inDomainTenant(request, (tx, tenantId) => pay.devCashier(tx, tenantId, config, request.query.token))),
  );
  app.post(
    '/public/payments/dev-cashier',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '模拟收银台：支付成功、支付失败或重复通知',
        body: ZDevCashierAction,
        response: { 200: ZEnvelope(ZOrderState) },
      },
    },
    async (request) =>
      ok(
        await inDomainTenant(request, (tx, tenantId) =>
          pay.devCashierAct(tx, tenantId, config, request.body.token, request.body.outcome),
        ),
      ),
  );
}
