import crypto from 'node:crypto';
import { ResultCode } from '@shetuan/shared';
import {
  fenToYuan,
  ORDER_STATUS_NAMES,
  OrderStatus,
  PAY_KIND_NAMES,
  type TExceptionRefund,
  type TOrderScope,
  type TPayKind,
} from '@shetuan/shared/payments';
import { z } from 'zod';
import type { AppConfig } from '../../platform/config';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { enqueueJob, type JobHandler } from '../../platform/jobs';
import { payeeAccount, requireOperator } from './payees';
import { PaymentProviderError } from './providers/common';
import type { PaymentProvider, ProviderRefund, RawNotification, RefundRequest } from './providers/types';
import * as repo from './repository';
import { type Actor, handlersOf, move, notice, orderInScope, providerOf, SYSTEM, type Viewer } from './service';

/**
 * Refunds (README, Refunds): of an order (退款, part or whole), and of an exception — money that
 * arrived for a cancelled or already-paid order, held in suspense:refund — returned whole through
 * its provider or recorded as returned by bank transfer.
 *
 * A refund through a provider is never asked for before it is recorded: its row (state requested,
 * 退款中, with its number) and its query job are committed first; the provider is then asked outside
 * any transaction, and its answer recorded in another. The providers' refund APIs are idempotent by
 * our number (out_refund_no, out_request_no), so whatever fails after the provider was asked (the
 * database, the ledger check at commit, a crash, an answer lost to a timeout) is settled by the query
 * job asking again by the same number: the money goes back once. A refund the provider finishes later
 * stays 退款中 until its notification or the query job says how it ended; either is applied once,
 * under the order's lock, and only a refund still open changes anything. The ledger:
 *
 *   order refund done      payee +amount            clearing:<kind> −amount
 *   exception refund done  suspense:refund +amount  clearing:<kind> −amount (by transfer: payout:bank)
 */

export const REFUND_QUERY_JOB = 'payments.refund-query';
/** When an open refund is asked about again: 1 min, 5 min, 30 min, 2 h, then every 6 h. */
export const REFUND_QUERY_DELAYS_MIN = [1, 5, 30, 120, 360];

const fail = (msg: string, status = 400) => new AppError(ResultCode.FAILED, msg, null, status);
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Runs work in one transaction of the tenant (a route's callerTenant, a job's withTenant). */
export type InTenant = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
/** Where a failure that does not reach the caller is reported (the request's or the job's log). */
export type LogError = (err: unknown, msg: string) => void;
const unlogged: LogError = () => {};

/**
 * A refund's number, the providers' out_refund_no (WeChat Pay) and out_request_no (Alipay), both at
 * most 64 characters: R, the order's number without its P, the refund's ordinal in the order (counted
 * under the order's lock, so no two refunds of a tenant share a number), and 8 random digits (another
 * system on the same merchant account). 30 characters for an order's first 999 refunds.
 */
export function newRefundNo(orderNo: string, ordinal: number): string {
  const random = String(crypto.randomInt(0, 1e8)).padStart(8, '0');
  return `R${orderNo.slice(1)}${String(ordinal).padStart(3, '0')}${random}`;
}

/** Where the provider posts a refund's result (WeChat Pay's notify_url of the refund). */
export const refundNotifyUrl = (origin: string, accountId: number) =>
  origin ? `${origin}/st365/public/payments/refund-notify/${accountId}` : undefined;

/**
 * Queues a query of an open refund (a job row: it survives restarts). The refund's notify_url rides
 * along, so a refund asked for again by the job names the same one.
 */
async function scheduleQuery(
  tx: Tx,
  tenantId: number,
  refundId: number,
  attempt: number,
  notifyUrl?: string,
  now = new Date(),
) {
  const minutes = REFUND_QUERY_DELAYS_MIN[Math.min(attempt, REFUND_QUERY_DELAYS_MIN.length - 1)] ?? 360;
  await enqueueJob(tx, {
    tenantId,
    userId: null,
    kind: REFUND_QUERY_JOB,
    payload: { refundId, attempt, ...(notifyUrl ? { notifyUrl } : {}) },
    runAt: new Date(now.getTime() + minutes * 60_000),
  });
}

/** A receiving account's provider, or null when it is gone or cannot be loaded (its secrets). */
async function loadProvider(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  accountId: number,
  order: repo.OrderRow,
): Promise<PaymentProvider | null> {
  try {
    return await providerOf(tx, tenantId, config, accountId, order);
  } catch {
    return null;
  }
}

/** The ledger lines of a refund done (README above). */
function refundLines(order: repo.OrderRow, refund: repo.RefundRow, kind: string) {
  const memo = refund.paymentId === null ? `退款 ${refund.refundNo}` : `异常款退回 ${refund.refundNo}`;
  const from = refund.paymentId === null ? payeeAccount(order.payeeOrgId) : 'suspense:refund';
  // Money that came by a provider but went back by the bank leaves the bank, not the provider.
  const to = refund.accountId === null && kind !== 'transfer' ? 'payout:bank' : `clearing:${kind}`;
  return [
    { account: from, amountFen: refund.amountFen, orderId: order.id, memo },
    { account: to, amountFen: -refund.amountFen, orderId: order.id, memo },
  ];
}

/**
 * A refund of the order itself done, under its payee's wallet lock (the caller took it before the
 * order's): its ledger lines, the order's refunded amount and state, its module told. The payer is
 * refunded whatever the payee's account holds: when it holds less (withdrawn meanwhile), the
 * platform fronts the difference, the payee's balance goes negative, the order's timeline says so,
 * and the payee's withdrawals are refused until new income covers it (README, Refunds).
 */
async function orderRefundDone(tx: Tx, tenantId: number, order: repo.OrderRow, refund: repo.RefundRow, actor: Actor) {
  const kind = order.method || 'transfer';
  const held = -(await repo.accountSum(tx, tenantId, payeeAccount(order.payeeOrgId)));
  const fronted = Math.max(0, refund.amountFen - Math.max(0, held));
  await repo.insertLedger(tx, tenantId, `refund:${refund.refundNo}`, refundLines(order, refund, kind));
  const refundedFen = order.refundedFen + refund.amountFen;
  const to = refundedFen === order.amountFen ? OrderStatus.REFUNDED : OrderStatus.PART_REFUNDED;
  const how = order.method === 'transfer' ? '（线下转账退回）' : '';
  const short = fronted > 0 ? `（收款方余额不足，平台垫付 ¥${fenToYuan(fronted)}）` : '';
  await move(tx, tenantId, order, to, actor, `退款 ¥${fenToYuan(refund.amountFen)}${how}：${refund.reason}${short}`, {
    refundedFen,
  });
  await handlersOf(order.bizType)?.refunded?.(tx, tenantId, notice(order, { status: to, refundedFen }));
}

/** How a refund ended, or stands, as its provider says (its answer, its query, its notification). */
interface Settlement {
  state: 'done' | 'processing' | 'failed';
  providerRefundId: string;
  /** The provider's word (SUCCESS, CLOSED, its refusal's message …), for the order's timeline. */
  providerState: string;
  settledAt?: Date | null;
  /** What a notification or a query reported of the refund: checked against ours. */
  reported?: { orderNo: string; amountFen: number };
}
/** What asking the provider gave: a settlement, or nothing known (a timeout, the network, a 5xx). */
type Outcome = Settlement | { state: 'unknown'; providerState: string };

/**
 * Asks the provider for a refund (never inside a transaction). A refusal it verifiably answered is a
 * refund definitely not made (failed); anything else that goes wrong leaves the outcome unknown.
 */
async function ask(provider: PaymentProvider, request: RefundRequest): Promise<Outcome> {
  try {
    const r = await provider.refund(request);
    const providerState = r.state === 'done' ? 'SUCCESS' : r.state === 'processing' ? 'PROCESSING' : '支付渠道退款失败';
    return { state: r.state, providerRefundId: r.providerRefundId, providerState };
  } catch (err) {
    if (err instanceof PaymentProviderError && err.refused)
      return { state: 'failed', providerRefundId: '', providerState: messageOf(err) };
    return { state: 'unknown', providerState: messageOf(err) };
  }
}

/**
 * Applies what the provider says of an open refund (requested or processing), once: under the
 * payee's wallet lock (a refund of the order debits its account: the withdrawals' lock, taken first
 * as they take it), then the order's, then the refund's. A refund already finished changes nothing.
 */
async function settle(
  tx: Tx,
  tenantId: number,
  by: { id: number } | { refundNo: string },
  s: Settlement,
  actor: Actor,
): Promise<'done' | 'failed' | 'processing' | 'unchanged'> {
  const seen = await repo.getRefund(tx, tenantId, by);
  if (!seen) throw fail('退款不存在', 404);
  if (seen.paymentId === null) {
    const payee = await repo.getOrder(tx, tenantId, seen.orderId);
    if (payee) await repo.lockPayeeWallet(tx, tenantId, payee.payeeOrgId);
  }
  const order = await repo.getOrder(tx, tenantId, seen.orderId, true);
  const refund = await repo.getRefund(tx, tenantId, { id: seen.id }, true);
  if (!order || !refund || !repo.OPEN_REFUND_STATES.includes(refund.state)) return 'unchanged';
  if (s.state === 'processing') {
    // Accepted by the provider, finished later: its notification or the query job ends it.
    if (refund.state !== 'requested') return 'unchanged';
    await repo.markRefundProcessing(tx, tenantId, refund.id, s.providerRefundId || refund.providerRefundId);
    return 'processing';
  }
  if (
    s.reported &&
    (s.reported.orderNo !== order.orderNo || (s.state === 'done' && s.reported.amountFen !== refund.amountFen))
  )
    throw fail('退款结果与退款申请不符');
  await repo.settleRefund(tx, tenantId, refund.id, {
    state: s.state,
    providerRefundId: s.providerRefundId || refund.providerRefundId,
    settledAt: s.settledAt ?? new Date(),
  });
  const what = refund.paymentId === null ? '退款' : '异常款退回';
  if (s.state === 'done') {
    if (refund.paymentId === null) await orderRefundDone(tx, tenantId, order, refund, actor);
    else {
      const payment = await repo.getPayment(tx, tenantId, order.id, refund.paymentId);
      await repo.insertLedger(
        tx,
        tenantId,
        `refund:${refund.refundNo}`,
        refundLines(order, refund, payment?.kind ?? order.method),
      );
      await repo.insertEvent(tx, tenantId, {
        orderId: order.id,
        fromStatus: order.status,
        toStatus: order.status,
        actor: actor.name,
        remark: `${what} ¥${fenToYuan(refund.amountFen)} 已完成（退款单号 ${refund.refundNo}）`,
      });
    }
    return 'done';
  }
  // Failed (refused, closed, abnormal): the money did not go back; the order is refundable again.
  const remark = `${what} ¥${fenToYuan(refund.amountFen)} 未成功（${s.providerState}），可重新退款`;
  if (refund.paymentId === null && order.status === OrderStatus.REFUNDING) {
    const back = order.refundedFen > 0 ? OrderStatus.PART_REFUNDED : OrderStatus.PAID;
    await move(tx, tenantId, order, back, actor, remark);
  } else
    await repo.insertEvent(tx, tenantId, {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      actor: actor.name,
      remark,
    });
  return 'failed';
}

/** A refund recorded as requested, to be asked of its provider once the record is committed. */
interface Requested {
  refundId: number;
  provider: PaymentProvider;
  request: RefundRequest;
}

/**
 * Asks the provider for a refund already recorded as requested (outside any transaction), then
 * records its answer in a transaction of its own. Should that fail (the database, the ledger check
 * at commit), the refund stays requested with its number and its query queued: the query job asks
 * the provider again by the same number and records what it says. Answers the caller's message.
 */
async function askAndRecord(
  run: InTenant,
  tenantId: number,
  asked: Requested,
  actor: Actor,
  log: LogError,
  doneMessage: string,
): Promise<string> {
  const outcome = await ask(asked.provider, asked.request);
  let state = 'requested';
  try {
    state = await run(async (tx) => {
      if (outcome.state !== 'unknown') await settle(tx, tenantId, { id: asked.refundId }, outcome, actor);
      return (await repo.getRefund(tx, tenantId, { id: asked.refundId }))?.state ?? 'requested';
    });
  } catch (err) {
    log(
      err,
      `refund ${asked.request.refundNo}: the provider's answer (${outcome.state}) was not recorded; its query job settles it`,
    );
  }
  if (state === 'done') return doneMessage;
  if (state === 'failed') throw fail(`退款失败：${outcome.providerState || '请稍后重试'}`, 502);
  // Requested (the outcome unknown, or not recorded) or processing: 退款中, settled later.
  return '退款处理中';
}

/** 退款: part or all of what was paid, back the way it came (a transfer: recorded as returned by transfer). */
export async function refundOrder(
  run: InTenant,
  tenantId: number,
  config: AppConfig,
  scope: TOrderScope,
  actor: Actor & Viewer,
  id: number,
  input: { amountFen: number; reason: string },
  origin = '',
  log: LogError = unlogged,
): Promise<string> {
  const asked = await run(async (tx): Promise<Requested | null> => {
    // The payee's wallet before the order, as the withdrawals take it: a refund and a withdrawal of
    // one payee are serialised (neither spends what the other takes), and never deadlock.
    const seen = await orderInScope(tx, tenantId, scope, actor, id);
    await repo.lockPayeeWallet(tx, tenantId, seen.payeeOrgId);
    const order = await orderInScope(tx, tenantId, scope, actor, id, true);
    if (order.status !== OrderStatus.PAID && order.status !== OrderStatus.PART_REFUNDED)
      throw fail(`订单${ORDER_STATUS_NAMES[order.status] ?? ''}，不能退款`);
    const refundable = order.amountFen - order.refundedFen - (await repo.refundsInProgress(tx, tenantId, id));
    if (input.amountFen > refundable) throw fail(`退款金额不能超过可退金额 ¥${fenToYuan(refundable)}`);
    const refundNo = newRefundNo(order.orderNo, (await repo.countRefunds(tx, tenantId, id)) + 1);
    const values = {
      orderId: id,
      refundNo,
      amountFen: input.amountFen,
      reason: input.reason,
      createdBy: actor.name,
      providerRefundId: '',
    };
    if (order.method === 'transfer' || order.accountId === null) {
      // No provider to ask: recorded as returned by transfer, done at once.
      const refundId = await repo.insertRefund(tx, tenantId, {
        ...values,
        state: 'done',
        accountId: null,
        settledAt: new Date(),
      });
      const refund = await repo.getRefund(tx, tenantId, { id: refundId });
      if (refund) await orderRefundDone(tx, tenantId, order, refund, actor);
      return null;
    }
    const provider = await loadProvider(tx, tenantId, config, order.accountId, order);
    if (!provider) throw fail('收款账户已删除，无法原路退款');
    const notifyUrl = refundNotifyUrl(origin, order.accountId);
    const refundId = await repo.insertRefund(tx, tenantId, {
      ...values,
      state: 'requested',
      accountId: order.accountId,
    });
    await scheduleQuery(tx, tenantId, refundId, 0, notifyUrl);
    await move(
      tx,
      tenantId,
      order,
      OrderStatus.REFUNDING,
      actor,
      `申请退款 ¥${fenToYuan(input.amountFen)}：${input.reason}`,
    );
    return {
      refundId,
      provider,
      request: {
        orderNo: order.orderNo,
        refundNo,
        amountFen: input.amountFen,
        totalFen: order.amountFen,
        reason: input.reason,
        notifyUrl,
      },
    };
  });
  if (!asked) return '退款成功';
  return askAndRecord(run, tenantId, asked, actor, log, '退款成功');
}

/**
 * 退回异常款: an exception of the order (money that arrived for it when it was cancelled or already
 * paid) goes back whole, through the provider it came by (recorded as requested first, as an order's
 * refund), or recorded as returned by bank transfer (a transfer's exception, or any, when the
 * operators paid it back from the bank: theirs alone, since it books the tenant's bank). Once: one
 * refund not failed per payment (a partial unique index, and the order's lock).
 */
export async function refundException(
  run: InTenant,
  tenantId: number,
  config: AppConfig,
  scope: TOrderScope,
  actor: Actor & Viewer,
  orderId: number,
  paymentId: number,
  input: TExceptionRefund,
  origin = '',
  log: LogError = unlogged,
): Promise<string> {
  if (scope === 'mine' || actor.payee === null) throw fail('订单不存在', 404);
  const payee = actor.payee;
  const asked = await run(async (tx): Promise<Requested | null> => {
    const order = await orderInScope(tx, tenantId, scope, actor, orderId, true);
    // 线下转账退回 books money paid out of the tenant's bank for what its suspense account holds.
    if (input.how === 'transfer') requireOperator(payee, '登记线下转账退回');
    const payment = await repo.getPayment(tx, tenantId, orderId, paymentId);
    if (!payment) throw fail('付款记录不存在', 404);
    if (payment.state !== 'exception') throw fail('该笔付款已计入订单，请使用订单退款');
    const parts = await repo.orderParts(tx, tenantId, orderId);
    const open = parts.refunds.find((r) => r.paymentId === paymentId && r.state !== 'failed');
    if (open) throw fail(open.state === 'done' ? '该笔异常款已退回' : '该笔异常款正在退款中');
    const kindName = PAY_KIND_NAMES[payment.kind as TPayKind] ?? payment.kind;
    const refundNo = newRefundNo(order.orderNo, parts.refunds.length + 1);
    const what = `异常款 ¥${fenToYuan(payment.amountFen)}（${kindName}交易号 ${payment.providerTxnId}）`;
    const values = {
      orderId,
      refundNo,
      amountFen: payment.amountFen,
      reason: input.reason,
      createdBy: actor.name,
      providerRefundId: '',
      paymentId,
    };
    const event = (remark: string) =>
      repo.insertEvent(tx, tenantId, {
        orderId,
        fromStatus: order.status,
        toStatus: order.status,
        actor: actor.name,
        remark,
      });
    if (input.how === 'transfer') {
      const refundId = await repo.insertRefund(tx, tenantId, {
        ...values,
        state: 'done',
        accountId: null,
        settledAt: new Date(),
      });
      await event(`已退回${what}，线下转账退回：${input.reason}`);
      const refund = await repo.getRefund(tx, tenantId, { id: refundId });
      if (refund) await repo.insertLedger(tx, tenantId, `refund:${refundNo}`, refundLines(order, refund, payment.kind));
      return null;
    }
    const account = order.accountId === null ? undefined : await repo.getAccount(tx, tenantId, order.accountId);
    if (payment.kind === 'transfer' || !account || account.kind !== payment.kind)
      throw fail('该笔付款无法原路退回，请线下转账退回后登记');
    const provider = await loadProvider(tx, tenantId, config, account.id, order);
    if (!provider) throw fail('该笔付款无法原路退回，请线下转账退回后登记');
    const notifyUrl = refundNotifyUrl(origin, account.id);
    const refundId = await repo.insertRefund(tx, tenantId, { ...values, state: 'requested', accountId: account.id });
    await scheduleQuery(tx, tenantId, refundId, 0, notifyUrl);
    await event(`申请退回${what}，原路退回${kindName}：${input.reason}`);
    return {
      refundId,
      provider,
      request: {
        orderNo: order.orderNo,
        refundNo,
        amountFen: payment.amountFen,
        totalFen: payment.amountFen,
        reason: input.reason,
        providerTxnId: payment.providerTxnId,
        notifyUrl,
      },
    };
  });
  if (!asked) return '已退回';
  return askAndRecord(run, tenantId, asked, actor, log, '已退回');
}

/**
 * How an open refund ended, as its provider says (a verified notification, or the query): done or
 * failed, applied once under the order's lock; a refund already finished, or one still processing,
 * changes nothing. Answers what was done.
 */
export async function settleRefund(
  tx: Tx,
  tenantId: number,
  found: ProviderRefund,
  actor: Actor = SYSTEM,
): Promise<'done' | 'failed' | 'processing' | 'unchanged'> {
  return settle(
    tx,
    tenantId,
    { refundNo: found.refundNo },
    {
      state: found.state,
      providerRefundId: found.providerRefundId,
      providerState: found.providerState,
      settledAt: found.settledAt,
      reported: { orderNo: found.orderNo, amountFen: found.amountFen },
    },
    actor,
  );
}

/** A provider's refund notification: verified by the account's provider, then applied once. */
export async function receiveRefundNotification(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  accountId: number,
  raw: RawNotification,
): Promise<{ status: number; contentType: string; body: string }> {
  const provider = await providerOf(tx, tenantId, config, accountId);
  if (!provider) throw fail('收款账户不存在', 404);
  let found: ProviderRefund;
  try {
    if (!provider.parseRefundNotification) throw new Error('不支持退款通知');
    found = await provider.parseRefundNotification(raw);
  } catch {
    return provider.acknowledge(false);
  }
  const known = await repo.getRefund(tx, tenantId, { refundNo: found.refundNo });
  // Not ours (another system on the same merchant): acknowledged, nothing to do.
  if (!known || (known.accountId ?? accountId) !== accountId) return provider.acknowledge(true);
  await settleRefund(tx, tenantId, found);
  return provider.acknowledge(true);
}

/** The refund request of a refund row, as it was first sent: the same number, amount and transaction. */
function requestOf(
  refund: repo.RefundRow,
  order: repo.OrderRow,
  payment: repo.PaymentRow | undefined,
  notifyUrl: string | undefined,
): RefundRequest {
  return {
    orderNo: order.orderNo,
    refundNo: refund.refundNo,
    amountFen: refund.amountFen,
    totalFen: payment ? payment.amountFen : order.amountFen,
    reason: refund.reason,
    ...(payment ? { providerTxnId: payment.providerTxnId } : {}),
    notifyUrl,
  };
}

/**
 * What the provider says of an open refund: its refund query; a refund requested that the provider
 * does not know (or cannot be asked about) is asked for again by the same number, which the
 * providers take as the same refund (never a second one); otherwise nothing known yet.
 */
async function find(
  provider: PaymentProvider,
  refund: repo.RefundRow,
  order: repo.OrderRow,
  payment: repo.PaymentRow | undefined,
  notifyUrl: string | undefined,
): Promise<Outcome> {
  let found: ProviderRefund | null = null;
  if (provider.queryRefund) {
    try {
      found = await provider.queryRefund({ refundNo: refund.refundNo, orderNo: order.orderNo });
    } catch (err) {
      return { state: 'unknown', providerState: messageOf(err) };
    }
  }
  if (found)
    return {
      state: found.state,
      providerRefundId: found.providerRefundId,
      providerState: found.providerState,
      settledAt: found.settledAt,
      reported: { orderNo: found.orderNo, amountFen: found.amountFen },
    };
  if (refund.state !== 'requested') return { state: 'unknown', providerState: '' };
  return ask(provider, requestOf(refund, order, payment, notifyUrl));
}

/**
 * The refund query job: an open refund is asked about at its provider (see `find`); an answer that
 * says how it ended is applied (as a notification is). Its next question is queued before anything
 * else, so whatever happens here (the provider unreachable or not loadable, its answer not
 * recordable, a crash) the refund is asked about again: it never stays 退款中 unasked. A refund
 * finished meanwhile (its notification came first) ends it.
 */
export async function queryRefund(
  run: InTenant,
  tenantId: number,
  config: AppConfig,
  refundId: number,
  attempt: number,
  options: { notifyUrl?: string; log?: LogError } = {},
): Promise<'done' | 'failed' | 'unchanged' | 'settled'> {
  const log = options.log ?? unlogged;
  const seen = await run(async (tx) => {
    const refund = await repo.getRefund(tx, tenantId, { id: refundId });
    if (!refund || !repo.OPEN_REFUND_STATES.includes(refund.state)) return null;
    await scheduleQuery(tx, tenantId, refundId, attempt + 1, options.notifyUrl);
    const order = await repo.getOrder(tx, tenantId, refund.orderId);
    const accountId = refund.accountId ?? order?.accountId ?? null;
    const provider = order && accountId !== null ? await loadProvider(tx, tenantId, config, accountId, order) : null;
    const payment =
      refund.paymentId === null ? undefined : await repo.getPayment(tx, tenantId, refund.orderId, refund.paymentId);
    return { refund, order, provider, payment };
  });
  if (!seen) return 'settled';
  const { refund, order, provider, payment } = seen;
  if (!order || !provider) return 'unchanged';
  const outcome = await find(provider, refund, order, payment, options.notifyUrl);
  if (outcome.state === 'unknown') return 'unchanged';
  try {
    const result = await run((tx) => settle(tx, tenantId, { id: refund.id }, outcome, SYSTEM));
    return result === 'done' || result === 'failed' ? result : 'unchanged';
  } catch (err) {
    log(err, `refund ${refund.refundNo}: the provider's answer (${outcome.state}) was not recorded; asked again later`);
    return 'unchanged';
  }
}

const ZQueryPayload = z.object({
  refundId: z.number().int(),
  attempt: z.number().int().min(0).default(0),
  notifyUrl: z.string().optional(),
});

export const refundJobs: Record<string, JobHandler> = {
  [REFUND_QUERY_JOB]: async (ctx) => {
    const { refundId, attempt, notifyUrl } = ZQueryPayload.parse(ctx.payload);
    const run: InTenant = (work) => ctx.db.withTenant(ctx.tenantId, work);
    await queryRefund(run, ctx.tenantId, ctx.config, refundId, attempt, {
      notifyUrl,
      log: (err, msg) => ctx.log.error({ err, refundId }, msg),
    });
    return {};
  },
};
