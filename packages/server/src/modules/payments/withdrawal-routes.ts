import { ok, ZEnvelope, ZIdParam, ZPage } from '@shetuan/shared';
import {
  PAYMENT_PAGES,
  type TWithdrawalScope,
  ZBankCard,
  ZBankCardInput,
  ZPayAgreement,
  ZPayAgreementInput,
  ZWithdrawApply,
  ZWithdrawApprove,
  ZWithdrawal,
  ZWithdrawalQuery,
  ZWithdrawInfo,
  ZWithdrawReject,
} from '@shetuan/shared/payments';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf, callerTenant } from '../../platform/auth/context';
import type { Tx } from '../../platform/db';
import type { AppInstance } from '../../platform/http/app-types';
import { exportJobRoute } from '../../platform/jobs';
import { callerActor, exportedViewer } from './payees';
import { WITHDRAWALS_EXPORT_JOB } from './withdrawal-export';
import * as w from './withdrawals';

const tags = ['payments'];
const P = PAYMENT_PAGES;
const ZMessageOnly = ZEnvelope(z.null());

/** Each withdrawal list's page and its 导出 function point. */
const LISTS: Record<TWithdrawalScope, { page: string; export: string; title: string }> = {
  mine: { page: P.withdraw.path, export: P.withdraw.export, title: '我的提现' },
  review: { page: P.withdrawals.path, export: P.withdrawals.export, title: '提现记录' },
};

/** 银行卡, 申请提现, 提现记录 and 收款协议 (withdrawals.ts has the rules and the ledger lines). */
export async function withdrawalRoutes(app: AppInstance): Promise<void> {
  const inTenant = callerTenant(app.db);
  const tenantOf = (request: FastifyRequest) => authOf(request).tenantId;
  const actor = (tx: Tx, request: FastifyRequest) => callerActor(tx, request);
  const payeeOf = async (tx: Tx, request: FastifyRequest) => (await callerActor(tx, request)).payee;

  // ——— 银行卡 ———
  app.get(
    '/payments/bank-cards',
    {
      config: { permission: P.bankCards.path },
      schema: { tags, summary: '银行卡（默认卡在前）', response: { 200: ZEnvelope(z.array(ZBankCard)) } },
    },
    async (request) =>
      ok(await inTenant(request, async (tx) => w.listBankCards(tx, tenantOf(request), await payeeOf(tx, request)))),
  );
  app.post(
    '/payments/bank-cards',
    {
      config: { permission: P.bankCards.add },
      schema: {
        tags,
        summary: `绑定银行卡（最多${w.MAX_BANK_CARDS}张）`,
        body: ZBankCardInput,
        response: { 200: ZEnvelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        {
          id: await inTenant(request, async (tx) =>
            w.createBankCard(tx, tenantOf(request), await payeeOf(tx, request), request.body),
          ),
        },
        '绑定成功',
      ),
  );
  app.put(
    '/payments/bank-cards/:id',
    {
      config: { permission: P.bankCards.edit },
      schema: { tags, summary: '修改银行卡', params: ZIdParam, body: ZBankCardInput, response: { 200: ZMessageOnly } },
    },
    async (request) => {
      await inTenant(request, async (tx) =>
        w.updateBankCard(tx, tenantOf(request), await payeeOf(tx, request), request.params.id, request.body),
      );
      return ok(null, '保存成功');
    },
  );
  app.delete(
    '/payments/bank-cards/:id',
    {
      config: { permission: P.bankCards.delete },
      schema: {
        tags,
        summary: '删除银行卡（已申请的提现保留卡信息）',
        params: ZIdParam,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      await inTenant(request, async (tx) =>
        w.deleteBankCard(tx, tenantOf(request), await payeeOf(tx, request), request.params.id),
      );
      return ok(null, '删除成功');
    },
  );

  // ——— 收款协议 ———
  app.get(
    '/payments/agreement',
    {
      config: { permission: P.agreement.path },
      schema: { tags, summary: '收款协议：提现服务费与协议内容', response: { 200: ZEnvelope(ZPayAgreement) } },
    },
    async (request) => ok(await inTenant(request, (tx) => w.agreement(tx, tenantOf(request)))),
  );
  app.put(
    '/payments/agreement',
    {
      config: { permission: P.agreement.edit },
      schema: {
        tags,
        summary: '保存收款协议（新版本：之后的提现须重新同意）',
        body: ZPayAgreementInput,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      await inTenant(request, async (tx) =>
        w.saveAgreement(tx, tenantOf(request), await actor(tx, request), request.body),
      );
      return ok(null, '保存成功');
    },
  );

  // ——— 申请提现 ———
  app.get(
    '/payments/withdraw-info',
    {
      config: { permission: P.withdraw.path },
      schema: {
        tags,
        summary: '申请提现：可提现余额、提现中、收款协议、银行卡',
        response: { 200: ZEnvelope(ZWithdrawInfo) },
      },
    },
    async (request) =>
      ok(await inTenant(request, async (tx) => w.withdrawInfo(tx, tenantOf(request), await payeeOf(tx, request)))),
  );
  app.post(
    '/payments/withdrawals',
    {
      config: { permission: P.withdraw.apply },
      schema: {
        tags,
        summary: '申请提现（不超过可提现余额，同意当前收款协议）',
        body: ZWithdrawApply,
        response: { 200: ZEnvelope(z.object({ id: z.number().int(), withdrawNo: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await inTenant(request, async (tx) =>
          w.applyWithdrawal(tx, tenantOf(request), await actor(tx, request), request.body),
        ),
        '提现申请已提交',
      ),
  );
  app.post(
    '/payments/withdrawals/:id/cancel',
    {
      config: { permission: P.withdraw.cancel },
      schema: { tags, summary: '撤销待审核的提现', params: ZIdParam, response: { 200: ZMessageOnly } },
    },
    async (request) => {
      await inTenant(request, async (tx) =>
        w.cancelWithdrawal(tx, tenantOf(request), await actor(tx, request), request.params.id),
      );
      return ok(null, '已撤销');
    },
  );

  // ——— 我的提现 and 提现记录 ———
  for (const [scope, s] of Object.entries(LISTS) as [TWithdrawalScope, (typeof LISTS)[TWithdrawalScope]][]) {
    const base = `/payments/withdrawals/${scope}`;
    app.get(
      base,
      {
        config: { permission: s.page },
        schema: {
          tags,
          summary: s.title,
          querystring: ZWithdrawalQuery,
          response: { 200: ZEnvelope(ZPage(ZWithdrawal)) },
        },
      },
      async (request) =>
        ok(
          await inTenant(request, async (tx) =>
            w.listWithdrawals(tx, tenantOf(request), scope, await payeeOf(tx, request), request.query),
          ),
        ),
    );
    exportJobRoute(app, {
      url: `${base}/export-jobs`,
      permission: s.export,
      tags,
      title: s.title,
      body: ZWithdrawalQuery.partial(),
      kind: WITHDRAWALS_EXPORT_JOB,
      payload: (r) => ({ scope, ...exportedViewer(r) }),
    });
  }

  // ——— the operators: 打款, 驳回 ———
  app.post(
    '/payments/withdrawals/:id/approve',
    {
      config: { permission: P.withdrawals.approve },
      schema: {
        tags,
        summary: '打款：已向银行卡转账，填写打款流水号',
        params: ZIdParam,
        body: ZWithdrawApprove,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      await inTenant(request, async (tx) =>
        w.payOutWithdrawal(tx, tenantOf(request), await actor(tx, request), request.params.id, request.body.bankRef),
      );
      return ok(null, '已打款');
    },
  );
  app.post(
    '/payments/withdrawals/:id/reject',
    {
      config: { permission: P.withdrawals.reject },
      schema: {
        tags,
        summary: '驳回提现（金额退回余额，须说明原因）',
        params: ZIdParam,
        body: ZWithdrawReject,
        response: { 200: ZMessageOnly },
      },
    },
    async (request) => {
      await inTenant(request, async (tx) =>
        w.rejectWithdrawal(tx, tenantOf(request), await actor(tx, request), request.params.id, request.body.reason),
      );
      return ok(null, '已驳回');
    },
  );
}
