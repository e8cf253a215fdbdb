import { ok, ZEnvelope, ZPage } from '@shetuan/shared';
import { PAYMENT_PAGES, type TFlowScope, ZFlow, ZFlowQuery, ZWallet } from '@shetuan/shared/payments';
import type { FastifyRequest } from 'fastify';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import type { AppInstance } from '../../platform/http/app-types';
import { exportJobRoute } from '../../platform/jobs';
import { callerActor, exportedViewer } from './payees';
import { listFlows, wallet } from './wallet';
import { FLOWS_EXPORT_JOB } from './wallet-export';

const tags = ['payments'];
const P = PAYMENT_PAGES;

/** Each 流水 list's page and its 导出 function point. */
const FLOWS: Record<TFlowScope, { page: string; export: string; title: string }> = {
  payee: { page: P.payeeFlows.path, export: P.payeeFlows.export, title: '支付流水' },
  operator: { page: P.operatorFlows.path, export: P.operatorFlows.export, title: '运营流水' },
};

/** 钱包, 支付流水 and 运营流水: read views of the ledger, and their exports. */
export async function walletRoutes(app: AppInstance): Promise<void> {
  const inTenant = callerTenant(app.db);
  const tenantOf = (request: FastifyRequest) => authOf(request).tenantId;
  const payeeOf = async (tx: Tx, request: FastifyRequest) => (await callerActor(tx, request)).payee;

  app.get(
    '/payments/wallet',
    {
      config: { permission: P.wallet.path },
      schema: {
        tags,
        summary: '钱包：累计收入、已退款、余额、待退款与近12个月',
        response: { 200: ZEnvelope(ZWallet) },
      },
    },
    async (request) =>
      ok(await inTenant(request, async (tx) => wallet(tx, tenantOf(request), await payeeOf(tx, request)))),
  );

  for (const [scope, s] of Object.entries(FLOWS) as [TFlowScope, (typeof FLOWS)[TFlowScope]][]) {
    const base = `/payments/flows/${scope}`;
    app.get(
      base,
      {
        config: { permission: s.page },
        schema: { tags, summary: s.title, querystring: ZFlowQuery, response: { 200: ZEnvelope(ZPage(ZFlow)) } },
      },
      async (request) =>
        ok(
          await inTenant(request, async (tx) =>
            listFlows(tx, tenantOf(request), scope, await payeeOf(tx, request), request.query),
          ),
        ),
    );
    exportJobRoute(app, {
      url: `${base}/export-jobs`,
      permission: s.export,
      tags,
      title: s.title,
      body: ZFlowQuery.partial(),
      kind: FLOWS_EXPORT_JOB,
      payload: (r) => ({ scope, ...exportedViewer(r) }),
    });
  }
}
