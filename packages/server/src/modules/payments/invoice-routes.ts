import { ok, ZEnvelope, ZIdParam, ZPage } from '@shetuan/shared';
import {
  PAYMENT_PAGES,
  type TInvoiceScope,
  ZInvoice,
  ZInvoiceApply,
  ZInvoiceApplyRules,
  ZInvoiceApplyRulesQuery,
  ZInvoiceableOrder,
  ZInvoiceDetail,
  ZInvoiceIssue,
  ZInvoiceQuery,
  ZInvoiceReject,
  ZInvoiceSettings,
  ZInvoiceSettingsInput,
  ZInvoiceSettingsQuery,
} from '@shetuan/shared/payments';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import type { AppInstance } from '../../platform/http/app-types';
import { exportJobRoute } from '../../platform/jobs';
import { INVOICES_EXPORT_JOB } from './invoice-export';
import * as inv from './invoices';
import { callerActor, exportedViewer } from './payees';
import { payerView } from './service';

const tags = ['payments'];
const P = PAYMENT_PAGES;
const ZMessageOnly = ZEnvelope(z.null());

/**
 * 发票: 我的发票 (the payer: apply, list, detail, export) and 开票管理 (the payee: list, detail, 开票
 * with the PDF and the number, 驳回 with a reason, export). The issued PDF is read through the
 * platform's file route (/systemfile/files/:id), which serves any file of the tenant to anyone
 * logged in to it, so the payer reads what the payee uploaded.
 */
export async function invoiceRoutes(app: AppInstance): Promise<void> {
  const inTenant = callerTenant(app.db);
  const tenantOf = (request: FastifyRequest) => authOf(request).tenantId;
  const actor = (tx: Tx, request: FastifyRequest) => callerActor(tx, request);

  const SCOPES: Record<TInvoiceScope, { page: string; export: string; title: string }> = {
    mine: { page: P.invoiceApply.path, export: P.invoiceApply.export, title: '我的发票' },
    issue: { page: P.invoiceIssue.path, export: P.invoiceIssue.export, title: '开票管理' },
    operation: { page: P.invoiceOperation.path, export: P.invoiceOperation.export, title: '开票运营' },
  };

  for (const [scope, s] of Object.entries(SCOPES) as [TInvoiceScope, (typeof SCOPES)[TInvoiceScope]][]) {
    const base = `/payments/invoices/${scope}`;
    app.get(
      base,
      {
        config: { permission: s.page },
        schema: {
          tags,
          summary: `${s.title}：发票申请列表`,
          querystring: ZInvoiceQuery,
          response: { 200: ZEnvelope(ZPage(ZInvoice)) },
        },
      },
      async (request) =>
        ok(
          await inTenant(request, async (tx) =>
            inv.listInvoices(tx, tenantOf(request), scope, await actor(tx, request), request.query),
          ),
        ),
    );
    exportJobRoute(app, {
      url: `${base}/export-jobs`,
      permission: s.export,
      tags,
      title: s.title,
      body: ZInvoiceQuery.partial(),
      kind: INVOICES_EXPORT_JOB,
      payload: (r) => ({ scope, ...exportedViewer(r) }),
    });
  }

  // ——— the payer: 我的发票 ———
  app.get(
    '/payments/invoices/mine/invoiceable-orders',
    {
      config: { permission: P.invoiceApply.path },
      schema: {
        tags,
        summary: '可申请开票的订单（已支付、部分退款）及可开票金额',
        response: { 200: ZEnvelope(z.array(ZInvoiceableOrder)) },
      },
    },
    async (request) =>
      ok(await inTenant(request, (tx) => inv.invoiceableOrders(tx, tenantOf(request), authOf(request).userId))),
  );
  app.get(
    '/payments/invoices/mine/:id',
    {
      config: { permission: P.invoiceApply.path },
      schema: { tags, summary: '我的发票：详情', params: ZIdParam, response: { 200: ZEnvelope(ZInvoiceDetail) } },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          inv.invoiceDetail(tx, tenantOf(request), 'mine', payerView(authOf(request).userId), request.params.id),
        ),
      ),
  );
  app.post(
    '/payments/invoices/mine',
    {
      config: { permission: P.invoiceApply.path },
      schema: {
        tags,
        summary: '申请开票（已支付订单的付款人；不超过可开票金额，每个订单同时只有一个待开票申请）',
        body: ZInvoiceApply,
        response: { 200: ZEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        {
          id: await inTenant(request, async (tx) =>
            inv.applyInvoice(tx, tenantOf(request), await actor(tx, request), request.body),
          ),
        },
        '开票申请已提交',
      ),
  );

  // ——— the payee (开票管理) and the operators (开票运营): detail, 开票, 驳回 ———
  const HANDLERS = {
    issue: { page: P.invoiceIssue.path, issue: P.invoiceIssue.issue, reject: P.invoiceIssue.reject, title: '开票管理' },
    operation: {
      page: P.invoiceOperation.path,
      issue: P.invoiceOperation.issue,
      reject: P.invoiceOperation.reject,
      title: '开票运营',
    },
  } as const;
  for (const [scope, h] of Object.entries(HANDLERS) as [
    'issue' | 'operation',
    (typeof HANDLERS)['issue' | 'operation'],
  ][]) {
    app.get(
      `/payments/invoices/${scope}/:id`,
      {
        config: { permission: h.page },
        schema: { tags, summary: `${h.title}：详情`, params: ZIdParam, response: { 200: ZEnvelope(ZInvoiceDetail) } },
      },
      async (request) =>
        ok(
          await inTenant(request, async (tx) =>
            inv.invoiceDetail(tx, tenantOf(request), scope, await actor(tx, request), request.params.id),
          ),
        ),
    );
    app.post(
      `/payments/invoices/${scope}/:id/issue`,
      {
        config: { permission: h.issue },
        schema: {
          tags,
          summary: '开票：上传发票PDF并填写发票号码（线下开具）',
          params: ZIdParam,
          body: ZInvoiceIssue,
          response: { 200: ZMessageOnly },
        },
      },
      async (request) => {
        await inTenant(request, async (tx) =>
          inv.issueInvoice(tx, tenantOf(request), await actor(tx, request), request.params.id, request.body, scope),
        );
        return ok(null, '开票成功');
      },
    );
    app.post(
      `/payments/invoices/${scope}/:id/reject`,
      {
        config: { permission: h.reject },
        schema: {
          tags,
          summary: '驳回开票申请（须说明原因）',
          params: ZIdParam,
          body: ZInvoiceReject,
          response: { 200: ZMessageOnly },
        },
      },
      async (request) => {
        await inTenant(request, async (tx) =>
          inv.rejectInvoice(
            tx,
            tenantOf(request),
            await actor(tx, request),
            request.params.id,
            request.body.reason,
            scope,
          ),
        );
        return ok(null, '已驳回');
      },
    );
  }

  // ——— 开票设置: each payee's own (README, Invoicing settings) ———
  app.get(
    '/payments/invoice-settings',
    {
      config: { permission: P.invoiceSettings.path },
      schema: {
        tags,
        summary: '开票设置：调用者所代表收款方的（平台运营方可用 payee 查看指定收款方的：0 本单位，否则组织ID）',
        querystring: ZInvoiceSettingsQuery,
        response: { 200: ZEnvelope(ZInvoiceSettings) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) =>
          inv.invoiceSettings(tx, tenantOf(request), await actor(tx, request), request.query),
        ),
      ),
  );
  app.put(
    '/payments/invoice-settings',
    {
      config: { permission: P.invoiceSettings.edit },
      schema: {
        tags,
        summary: '保存开票设置：调用者所代表收款方的（平台运营方可用 payee 保存指定收款方的）',
        querystring: ZInvoiceSettingsQuery,
        body: ZInvoiceSettingsInput,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      await inTenant(request, async (tx) =>
        inv.saveInvoiceSettings(tx, tenantOf(request), await actor(tx, request), request.body, request.query),
      );
      return ok(null, '保存成功');
    },
  );
  app.get(
    '/payments/invoice-settings/apply-rules',
    {
      config: { permission: P.invoiceApply.path },
      schema: {
        tags,
        summary: '申请开票须知（付款人的订单的收款方的开票设置）：是否接受申请、可开发票类型、开票说明',
        querystring: ZInvoiceApplyRulesQuery,
        response: { 200: ZEnvelope(ZInvoiceApplyRules) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, (tx) =>
          inv.invoiceApplyRules(tx, tenantOf(request), authOf(request).userId, request.query.orderId),
        ),
      ),
  );
}
