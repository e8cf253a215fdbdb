import crypto from 'node:crypto';
import { ResultCode, type TPage } from '@shetuan/shared';
import {
  ORDER_STATUS_NAMES,
  OrderStatus,
  PAY_KIND_NAMES,
  type TOrder,
  type TOrderDetail,
  type TOrderQuery,
  type TOrderScope,
  type TPayKind,
  type TPayOptions,
  type TPayStart,
  type TPayStarted,
  type TReceivingAccount,
  type TReceivingAccountInput,
  type TTransferInfo,
  VOUCHER_STATUS_NAMES,
  VoucherStatus,
} from '@shetuan/shared/payments';
import type { AppConfig } from '../../platform/config';
import type { AppDatabase, Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import { enqueueJob } from '../../platform/jobs';
import { installedModules, type OrderHandlers, type OrderNotice } from '../../platform/modules';
import { listedPayee, orderPayee, type Payee, payeeAccount, withdrawingAccount } from './payees';
import { payerMobiles } from './people';
import { createAlipayProvider, loadAlipayKeys } from './providers/alipay';
import { createDevProvider, devNotification } from './providers/dev';
import type { PaymentProvider, ProviderPayment, RawNotification } from './providers/types';
import { createWechatPayProvider, loadWechatPayKeys } from './providers/wechatpay';
import * as repo from './repository';
import { openSecrets, type ProviderSecrets, sealSecrets, secretKey } from './secrets';

export const ORDER_TIMEOUT_JOB = 'payments.order-timeout';
/** An order left unpaid this long is cancelled, unless the module that makes it says otherwise. */
export const DEFAULT_ORDER_MINUTES = 30;

const fail = (msg: string, status = 400) => new AppError(ResultCode.FAILED, msg, null, status);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Who acts: a person's name, or 系统 for the timeout and the providers. */
export interface Actor {
  userId: number | null;
  name: string;
}
export const SYSTEM: Actor = { userId: null, name: '系统' };

/**
 * Who reads or acts on an order list: the person, and the payee they act for (payees/index.ts;
 * null where only their own payments matter: 付款订单 and the payment shell).
 */
export interface Viewer {
  userId: number;
  payee: Payee | null;
}
/** A payer's own view (付款订单, the payment shell, 付款链接). */
export const payerView = (userId: number): Viewer => ({ userId, payee: null });

// ---- orders in: the interface business modules use ----

export interface CreateOrderInput {
  payerUserId: number;
  payerOrgId?: number | null;
  payerName: string;
  /**
   * Who receives: null (or absent) the tenant itself, else one of its organisations below the root
   * (a society collecting its members' dues). The money is collected through the tenant's
   * receiving accounts and owed to that payee (README, Payees).
   */
  payeeOrgId?: number | null;
  /** The payee's name as the order shows it; by default the organisation's (or the tenant's) name. */
  payeeName?: string;
  bizType: string;
  bizRef?: string;
  title: string;
  lines: { item: string; taxCode?: string; quantity: number; unitPriceFen: number }[];
  /** The same key from the same payer gives the same order (a double click makes one order). */
  idempotencyKey?: string;
  /** Minutes before an unpaid order is cancelled (default 30). */
  expiresInMinutes?: number;
}

/** A new order number: P, the date in China, and ten random digits. */
export function newOrderNo(now = new Date()): string {
  const day = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `P${day}${String(crypto.randomInt(0, 1e10)).padStart(10, '0')}`;
}

/**
 * Creates an order (or finds the one this payer's idempotency key made), with its lines and its
 * first event, and schedules its timeout.
 */
export async function createOrder(
  tx: Tx,
  tenantId: number,
  input: CreateOrderInput,
  now = new Date(),
): Promise<{ id: number; orderNo: string; created: boolean }> {
  if (input.lines.length === 0) throw fail('订单没有明细');
  const lines = input.lines.map((l) => {
    if (!Number.isSafeInteger(l.quantity) || l.quantity <= 0) throw fail('数量必须是正整数');
    if (!Number.isSafeInteger(l.unitPriceFen) || l.unitPriceFen <= 0) throw fail('单价必须大于0');
    return {
      item: l.item,
      taxCode: l.taxCode ?? '',
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      amountFen: l.quantity * l.unitPriceFen,
    };
  });
  const amountFen = lines.reduce((s, l) => s + l.amountFen, 0);
  if (!Number.isSafeInteger(amountFen)) throw fail('订单金额过大');
  if (input.idempotencyKey) {
    const known = await repo.orderByIdemKey(tx, tenantId, input.payerUserId, input.idempotencyKey);
    if (known) return { id: known.id, orderNo: known.orderNo, created: false };
  }
  const payee = await orderPayee(tx, tenantId, input.payeeOrgId);
  const orderNo = newOrderNo(now);
  const expiresAt = new Date(now.getTime() + (input.expiresInMinutes ?? DEFAULT_ORDER_MINUTES) * 60_000);
  const id = await repo.insertOrder(tx, tenantId, {
    orderNo,
    title: input.title,
    bizType: input.bizType,
    bizRef: input.bizRef ?? '',
    payerUserId: input.payerUserId,
    payerOrgId: input.payerOrgId ?? null,
    payerName: input.payerName,
    payeeOrgId: payee.orgId,
    payeeName: input.payeeName || payee.name,
    amountFen,
    idemKey: input.idempotencyKey ?? null,
    expiresAt,
  });
  if (id === undefined) {
    // The same key at the same moment from another request: that one's order.
    const known = await repo.orderByIdemKey(tx, tenantId, input.payerUserId, input.idempotencyKey ?? '');
    if (!known) throw new Error('order idempotency conflict without an order');
    return { id: known.id, orderNo: known.orderNo, created: false };
  }
  await repo.insertLines(tx, tenantId, id, lines);
  await repo.insertEvent(tx, tenantId, {
    orderId: id,
    fromStatus: null,
    toStatus: OrderStatus.PENDING,
    actor: input.payerName,
    remark: '创建订单',
  });
  await enqueueJob(tx, { tenantId, userId: null, kind: ORDER_TIMEOUT_JOB, payload: { orderId: id }, runAt: expiresAt });
  return { id, orderNo, created: true };
}

// ---- reading ----

function toOrder(r: repo.OrderRow, mobile = ''): TOrder {
  return {
    id: r.id,
    orderNo: r.orderNo,
    title: r.title,
    bizType: r.bizType,
    bizTypeName: bizTypeName(r.bizType),
    payerName: r.payerName,
    payerMobile: mobile,
    payeeName: r.payeeName,
    amountFen: r.amountFen,
    refundedFen: r.refundedFen,
    status: r.status,
    statusName: ORDER_STATUS_NAMES[r.status] ?? '',
    method: r.method,
    methodName: r.method ? (PAY_KIND_NAMES[r.method as TPayKind] ?? r.method) : '',
    createdAt: r.createdAt.toISOString(),
    paidAt: iso(r.paidAt),
    expiresAt: r.expiresAt.toISOString(),
  };
}

/** Names of the order kinds the modules make (the demo's own, and later membership, activities…). */
const BIZ_TYPE_NAMES: Record<string, string> = {
  'demo.fee': '会费',
  'demo.activity': '活动报名费',
  'demo.training': '培训费',
};
function bizTypeName(bizType: string): string {
  return BIZ_TYPE_NAMES[bizType] ?? bizType;
}

/** The orders a list shows: the payer's own, the caller's payee's, or (operators) every payee's or the one asked. */
export function scopeFilter(
  scope: TOrderScope,
  viewer: Viewer,
  asked?: number,
): Pick<repo.OrderFilter, 'payerUserId' | 'payeeOrgId'> {
  if (scope === 'mine') return { payerUserId: viewer.userId };
  // Without a payee nobody's collection is shown (a payee of -1 matches no order).
  if (!viewer.payee) return { payeeOrgId: -1 };
  if (scope === 'collection') return { payeeOrgId: viewer.payee.orgId };
  return { payeeOrgId: listedPayee(viewer.payee, asked) };
}

export async function listOrders(
  tx: Tx,
  tenantId: number,
  scope: TOrderScope,
  viewer: Viewer,
  query: TOrderQuery,
): Promise<TPage<TOrder>> {
  const { current, pageSize, payee, ...filter } = query;
  const { rows, total } = await repo.pageOrders(
    tx,
    tenantId,
    { ...filter, ...scopeFilter(scope, viewer, payee) },
    { offset: (current - 1) * pageSize, limit: pageSize },
  );
  const mobiles = await payerMobiles(tx, scope === 'mine', rows);
  return { records: rows.map((r) => toOrder(r, mobiles.get(r.payerUserId) ?? '')), total, current, pageSize };
}

/**
 * The order as the scope sees it: a payer only their own, 收款订单 only the caller's payee's, 订单运营
 * every payee's for the tenant's operators and only its own for an organisation's administrator.
 */
export async function orderInScope(
  tx: Tx,
  tenantId: number,
  scope: TOrderScope,
  viewer: Viewer,
  id: number,
  lock = false,
): Promise<repo.OrderRow> {
  const order = await repo.getOrder(tx, tenantId, id, lock);
  const payee = viewer.payee;
  const visible =
    order &&
    ((scope === 'mine' && order.payerUserId === viewer.userId) ||
      (scope === 'collection' && payee !== null && order.payeeOrgId === payee.orgId) ||
      (scope === 'operation' && payee !== null && (payee.operator || order.payeeOrgId === payee.orgId)));
  if (!order || !visible) throw fail('订单不存在', 404);
  return order;
}

async function transferInfo(tx: Tx, tenantId: number, order: repo.OrderRow): Promise<TTransferInfo | null> {
  if (order.method !== 'transfer' || order.accountId === null) return null;
  const account = await repo.getAccount(tx, tenantId, order.accountId);
  if (!account) return null;
  return {
    accountName: account.accountName,
    bankName: account.bankName,
    accountNo: account.accountNo,
    remark: order.orderNo,
  };
}

export async function orderDetail(
  tx: Tx,
  tenantId: number,
  scope: TOrderScope,
  viewer: Viewer,
  id: number,
): Promise<TOrderDetail> {
  const order = await orderInScope(tx, tenantId, scope, viewer, id);
  const parts = await repo.orderParts(tx, tenantId, id);
  const mobile = (await repo.personOf(tx, order.payerUserId))?.mobile ?? '';
  const inProgress = parts.refunds
    .filter((r) => repo.OPEN_REFUND_STATES.includes(r.state) && r.paymentId === null)
    .reduce((s, r) => s + r.amountFen, 0);
  const exceptionRefunded = new Set(
    parts.refunds.filter((r) => r.paymentId !== null && r.state !== 'failed').map((r) => r.paymentId),
  );
  const account = order.accountId === null ? undefined : await repo.getAccount(tx, tenantId, order.accountId);
  const refundableFen = [OrderStatus.PAID, OrderStatus.PART_REFUNDED].includes(order.status as 2 | 6)
    ? order.amountFen - order.refundedFen - inProgress
    : 0;
  const mine = scope === 'mine';
  const open = order.status === OrderStatus.PENDING && order.expiresAt.getTime() > Date.now();
  const waitingVoucher = parts.vouchers.some((v) => v.status === VoucherStatus.WAITING);
  return {
    ...toOrder(order, mobile),
    lines: parts.lines.map((l) => ({
      item: l.item,
      taxCode: l.taxCode,
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      amountFen: l.amountFen,
    })),
    events: parts.events.map((e) => ({
      at: e.at.toISOString(),
      actor: e.actor,
      fromName: e.fromStatus === null ? '' : (ORDER_STATUS_NAMES[e.fromStatus] ?? ''),
      toName: ORDER_STATUS_NAMES[e.toStatus] ?? '',
      remark: e.remark,
    })),
    payments: parts.payments.map((p) => {
      const refund = parts.refunds.find((r) => r.paymentId === p.id && r.state !== 'failed');
      const exception = p.state === 'exception';
      return {
        id: p.id,
        kind: p.kind,
        kindName: PAY_KIND_NAMES[p.kind as TPayKind] ?? p.kind,
        providerTxnId: p.providerTxnId,
        amountFen: p.amountFen,
        state: exception ? ('exception' as const) : ('applied' as const),
        at: p.at.toISOString(),
        refund: refund
          ? {
              refundNo: refund.refundNo,
              state: refund.state === 'done' ? ('done' as const) : ('processing' as const),
              stateName: refund.state === 'done' ? '已退回' : '退款中',
            }
          : null,
        refundable: !mine && exception && !refund,
        providerRefund: exception && p.kind !== 'transfer' && p.kind === account?.kind,
      };
    }),
    vouchers: parts.vouchers.map((v) => ({
      id: v.id,
      fileId: v.fileId,
      fileName: v.fileName,
      status: v.status,
      statusName: VOUCHER_STATUS_NAMES[v.status] ?? '',
      reason: v.reason,
      uploadedAt: v.at.toISOString(),
      reviewedBy: v.reviewedBy,
      reviewedAt: iso(v.reviewedAt),
    })),
    refunds: parts.refunds.map((r) => ({
      refundNo: r.refundNo,
      exception: r.paymentId !== null,
      amountFen: r.amountFen,
      state: r.state === 'done' ? 'done' : r.state === 'failed' ? 'failed' : 'processing',
      stateName: r.state === 'done' ? '已退款' : r.state === 'failed' ? '退款失败' : '退款中',
      reason: r.reason,
      createdBy: r.createdBy,
      at: r.at.toISOString(),
    })),
    transfer: await transferInfo(tx, tenantId, order),
    can: {
      pay: mine && open,
      cancel: mine && open,
      uploadVoucher:
        mine && (open || order.status === OrderStatus.REVIEW) && order.method === 'transfer' && !waitingVoucher,
      review: !mine && order.status === OrderStatus.REVIEW && waitingVoucher,
      refund: !mine && refundableFen > 0,
      refundException: !mine && parts.payments.some((p) => p.state === 'exception' && !exceptionRefunded.has(p.id)),
      payLink: mine && open,
    },
    refundableFen,
    payLinkToken: mine ? order.payLinkToken : null,
  };
}

export async function orderState(tx: Tx, tenantId: number, userId: number, id: number) {
  const order = await orderInScope(tx, tenantId, 'mine', payerView(userId), id);
  return { status: order.status, statusName: ORDER_STATUS_NAMES[order.status] ?? '', paidAt: iso(order.paidAt) };
}

// ---- state changes ----

export function notice(order: repo.OrderRow, changes: Partial<repo.OrderRow> = {}): OrderNotice {
  const o = { ...order, ...changes };
  return {
    id: o.id,
    orderNo: o.orderNo,
    bizType: o.bizType,
    bizRef: o.bizRef,
    amountFen: o.amountFen,
    refundedFen: o.refundedFen,
    payerUserId: o.payerUserId,
  };
}

/** The handlers a module registered for a kind of order (its manifest's orderHandlers). */
export function handlersOf(bizType: string): OrderHandlers | undefined {
  for (const m of installedModules()) {
    const h = m.orderHandlers?.[bizType];
    if (h) return h;
  }
  return undefined;
}

export async function move(
  tx: Tx,
  tenantId: number,
  order: repo.OrderRow,
  to: number,
  actor: Actor,
  remark: string,
  changes: Partial<Pick<repo.OrderRow, 'paidAt' | 'accountId' | 'method' | 'devToken' | 'refundedFen'>> = {},
): Promise<void> {
  await repo.updateOrder(tx, tenantId, order.id, { status: to, ...changes });
  await repo.insertEvent(tx, tenantId, {
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    actor: actor.name,
    remark,
  });
}

/** Cancels an unpaid order (the payer, or the timeout), closing it at the provider when one was chosen. */
export async function cancelOrder(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  orderId: number,
  actor: Actor,
  reason: string,
  scopeUser?: number,
): Promise<void> {
  const order =
    scopeUser === undefined
      ? await repo.getOrder(tx, tenantId, orderId, true)
      : await orderInScope(tx, tenantId, 'mine', payerView(scopeUser), orderId, true);
  if (!order) throw fail('订单不存在', 404);
  if (order.status !== OrderStatus.PENDING) throw fail(`订单${ORDER_STATUS_NAMES[order.status] ?? ''}，不能取消`);
  await move(
    tx,
    tenantId,
    order,
    OrderStatus.CANCELLED,
    actor,
    reason || (actor === SYSTEM ? '超时未支付，自动取消' : '付款人取消'),
  );
  if (order.accountId !== null) {
    const provider = await providerOf(tx, tenantId, config, order.accountId, order);
    await provider?.close(order.orderNo).catch(() => undefined);
  }
  await handlersOf(order.bizType)?.cancelled?.(tx, tenantId, notice(order, { status: OrderStatus.CANCELLED }));
}

/**
 * Applies what a provider says of a payment, once: the provider transaction's unique row is the
 * guard, under the order's lock. Money for an order that is cancelled or already paid is kept as
 * an exception to refund (suspense account), never lost and never counted twice.
 */
export async function applyPayment(
  tx: Tx,
  tenantId: number,
  kind: TPayKind,
  paid: ProviderPayment,
  actor: Actor = SYSTEM,
): Promise<'applied' | 'exception' | 'duplicate' | 'ignored'> {
  // The common case (an open order, this amount, a new transaction) in one statement.
  if (paid.state === 'paid' && paid.currency === 'CNY') {
    const paidAt = paid.paidAt ?? new Date();
    const fast = await repo.payOpenOrder(tx, tenantId, {
      orderNo: paid.orderNo,
      kind,
      providerTxnId: paid.providerTxnId,
      amountFen: paid.amountFen,
      paidAt,
      raw: { paidAt: iso(paid.paidAt) },
      actor: actor.name,
      remark: `${PAY_KIND_NAMES[kind]}支付成功，交易号 ${paid.providerTxnId}`,
      memo: `收款 ${paid.orderNo}`,
      skipKinds: [],
    });
    if (fast !== undefined) {
      // Its module is told in this transaction (the order read only when some module listens).
      if (kindsToldWhenPaid().length > 0) {
        const order = await repo.getOrder(tx, tenantId, fast);
        if (order)
          await handlersOf(order.bizType)?.paid?.(tx, tenantId, notice(order, { status: OrderStatus.PAID, paidAt }));
      }
      return 'applied';
    }
  }
  // Everything else, under the order's lock: not paid, another amount, already paid or cancelled
  // (an exception to refund), a repeated transaction.
  const order = await repo.orderByNo(tx, tenantId, paid.orderNo, true);
  if (!order) throw fail('订单不存在', 404);
  if (paid.state !== 'paid') {
    if (paid.state === 'failed')
      await repo.insertEvent(tx, tenantId, {
        orderId: order.id,
        fromStatus: order.status,
        toStatus: order.status,
        actor: PAY_KIND_NAMES[kind],
        remark: '支付失败',
      });
    return 'ignored';
  }
  if (paid.currency !== 'CNY' || paid.amountFen !== order.amountFen) throw fail('支付金额与订单不符');
  const open = order.status === OrderStatus.PENDING || order.status === OrderStatus.REVIEW;
  const state = open ? 'applied' : 'exception';
  const paymentId = await repo.insertPayment(tx, tenantId, {
    orderId: order.id,
    kind,
    providerTxnId: paid.providerTxnId,
    amountFen: paid.amountFen,
    state,
    raw: { paidAt: iso(paid.paidAt) },
  });
  if (paymentId === undefined) return 'duplicate';
  if (open) {
    const paidAt = paid.paidAt ?? new Date();
    await repo.markPaid(tx, tenantId, {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: OrderStatus.PAID,
      paidAt,
      method: kind,
      actor: actor.name,
      remark: `${PAY_KIND_NAMES[kind]}支付成功，交易号 ${paid.providerTxnId}`,
      txn: `pay:${paymentId}`,
      lines: [
        { account: `clearing:${kind}`, amountFen: paid.amountFen, memo: `收款 ${order.orderNo}` },
        { account: payeeAccount(order.payeeOrgId), amountFen: -paid.amountFen, memo: `收款 ${order.orderNo}` },
      ],
    });
    await handlersOf(order.bizType)?.paid?.(tx, tenantId, notice(order, { status: OrderStatus.PAID, paidAt }));
  } else {
    await repo.insertLedger(tx, tenantId, `pay:${paymentId}`, [
      { account: `clearing:${kind}`, amountFen: paid.amountFen, orderId: order.id, memo: `异常收款 ${order.orderNo}` },
      { account: 'suspense:refund', amountFen: -paid.amountFen, orderId: order.id, memo: `异常收款 ${order.orderNo}` },
    ]);
    await repo.insertEvent(tx, tenantId, {
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      actor: actor.name,
      remark: `订单${ORDER_STATUS_NAMES[order.status] ?? ''}时又收到一笔${PAY_KIND_NAMES[kind]}付款（交易号 ${paid.providerTxnId}），已记为异常，待退款`,
    });
  }
  return state;
}

// ---- paying ----

function accountView(a: repo.AccountRow): TReceivingAccount {
  return {
    id: a.id,
    kind: a.kind as TPayKind,
    kindName: PAY_KIND_NAMES[a.kind as TPayKind] ?? a.kind,
    name: a.name,
    enabled: a.enabled,
    accountName: a.accountName,
    bankName: a.bankName,
    accountNo: a.accountNo,
    merchantId: a.merchantId,
    appId: a.appId,
    secretsSet: a.secrets !== '',
    updatedAt: a.updatedAt.toISOString(),
  };
}

function offered(config: AppConfig, a: repo.AccountRow): boolean {
  return a.kind !== 'dev' || config.paymentDevProvider;
}

/** The provider of a receiving account (null for transfer, which has none). */
export async function providerOf(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  accountId: number,
  order?: repo.OrderRow,
  origin = '',
): Promise<PaymentProvider | null> {
  const account = await repo.getAccount(tx, tenantId, accountId);
  if (!account) return null;
  const secrets = openSecrets(secretKey(config), account.secrets);
  return buildProvider(account, secrets, order, origin);
}

function buildProvider(
  account: repo.AccountRow,
  secrets: ProviderSecrets,
  order?: repo.OrderRow,
  origin = '',
): PaymentProvider | null {
  switch (account.kind) {
    case 'dev':
      return createDevProvider({
        secret: secrets.devSecret ?? '',
        token: order?.devToken ?? '',
        cashierUrl: (token) => `${origin}/new/dev-cashier?token=${encodeURIComponent(token)}`,
      });
    case 'wechat':
      return createWechatPayProvider({
        mchId: account.merchantId,
        appId: account.appId,
        serialNo: secrets.serialNo ?? '',
        privateKeyPem: secrets.privateKey ?? '',
        apiV3Key: secrets.apiV3Key ?? '',
        platformPublicKeyPem: secrets.platformPublicKey ?? '',
        platformSerial: secrets.platformSerial ?? '',
      });
    case 'alipay':
      return createAlipayProvider({
        appId: account.appId,
        privateKeyPem: secrets.privateKey ?? '',
        alipayPublicKeyPem: secrets.platformPublicKey ?? '',
      });
    default:
      return null;
  }
}

export async function payOptions(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  userId: number,
  id: number,
): Promise<TPayOptions> {
  const order = await orderInScope(tx, tenantId, 'mine', payerView(userId), id);
  return { order: toOrder(order), methods: await payMethods(tx, tenantId, config, order) };
}

/** The payee's enabled receiving accounts that may be offered here (the payer's shell and the 付款链接). */
export async function payMethods(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  _order: repo.OrderRow,
): Promise<TPayOptions['methods']> {
  // Every payee's orders are collected through the tenant's own accounts (代收, README Payees).
  const accounts = (await repo.enabledAccounts(tx, tenantId, null)).filter((a) => offered(config, a));
  return accounts.map((a) => ({ accountId: a.id, kind: a.kind as TPayKind, name: a.name }));
}

/** 去支付: the payer's choice of account; a QR code, the provider's page, or the bank account to transfer to. */
export async function startPayment(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  payer: Actor & { userId: number },
  id: number,
  input: TPayStart,
  origin: string,
): Promise<TPayStarted> {
  const order = await orderInScope(tx, tenantId, 'mine', payerView(payer.userId), id, true);
  return payOrder(
    tx,
    tenantId,
    config,
    order,
    input,
    origin,
    `${origin}/new/new-payment-index/done?orderId=${order.id}`,
  );
}

/**
 * Starts paying an order read under its lock, whoever pays it (the payer's shell, or a 付款链接):
 * the chosen account's QR code or page, or the bank account for a transfer. `returnUrl` is where a
 * provider's own page sends the payer back to.
 */
export async function payOrder(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  order: repo.OrderRow,
  input: TPayStart,
  origin: string,
  returnUrl: string,
): Promise<TPayStarted> {
  if (order.status !== OrderStatus.PENDING) throw fail(`订单${ORDER_STATUS_NAMES[order.status] ?? ''}，不能支付`);
  if (order.expiresAt.getTime() <= Date.now()) throw fail('订单已超时，请重新下单');
  const account = await repo.getAccount(tx, tenantId, input.accountId);
  if (!account?.enabled || account.payeeOrgId !== null || !offered(config, account))
    throw fail('该支付方式不可用，请重新选择');
  const kind = account.kind as TPayKind;
  if (kind === 'transfer') {
    await repo.updateOrder(tx, tenantId, order.id, { accountId: account.id, method: kind });
    return {
      kind,
      qrCode: null,
      redirectUrl: null,
      transfer: {
        accountName: account.accountName,
        bankName: account.bankName,
        accountNo: account.accountNo,
        remark: order.orderNo,
      },
    };
  }
  const devToken = kind === 'dev' ? (order.devToken ?? crypto.randomBytes(18).toString('base64url')) : order.devToken;
  await repo.updateOrder(tx, tenantId, order.id, { accountId: account.id, method: kind, devToken });
  const provider = buildProvider(
    account,
    openSecrets(secretKey(config), account.secrets),
    { ...order, devToken },
    origin,
  );
  if (!provider) throw fail('该支付方式不可用，请重新选择');
  try {
    const started = await provider.start({
      orderNo: order.orderNo,
      amountFen: order.amountFen,
      title: order.title,
      channel: input.channel,
      notifyUrl: `${origin}/st365/public/payments/notify/${account.id}`,
      returnUrl,
      expiresAt: order.expiresAt,
    });
    return { kind, qrCode: started.qrCode ?? null, redirectUrl: started.redirectUrl ?? null, transfer: null };
  } catch (err) {
    throw fail(`发起支付失败：${err instanceof Error ? err.message : String(err)}`, 502);
  }
}

/**
 * The providers that notifications reach, per process: each account's provider (its kind and its
 * opened secrets) is built once and kept PROVIDER_TTL_MS, so a notification costs no account read
 * and no decryption. A change or removal of the account forgets it here at once; other servers
 * take up to PROVIDER_TTL_MS (money notified meanwhile is still verified with the old keys).
 */
const PROVIDER_TTL_MS = 30_000;
type ProviderCache = Map<string, { until: number; provider: PaymentProvider }>;
/** Per app (its config): two apps in one process (the tests) never share an account's provider. */
const notifiedByApp = new WeakMap<AppConfig, ProviderCache>();

function notifiedOf(config: AppConfig): ProviderCache {
  let cache = notifiedByApp.get(config);
  if (!cache) {
    cache = new Map();
    notifiedByApp.set(config, cache);
  }
  return cache;
}

export function forgetProvider(config: AppConfig, tenantId: number, accountId: number): void {
  notifiedOf(config).delete(`${tenantId}:${accountId}`);
}

async function notifiedProvider(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  accountId: number,
): Promise<PaymentProvider | null> {
  const notified = notifiedOf(config);
  const key = `${tenantId}:${accountId}`;
  const hit = notified.get(key);
  if (hit && hit.until > Date.now()) return hit.provider;
  const account = await repo.getAccount(tx, tenantId, accountId);
  if (!account || account.kind === 'transfer' || !offered(config, account)) return null;
  const provider = buildProvider(account, openSecrets(secretKey(config), account.secrets));
  // Only accounts that exist are kept (an address guessed at random is not).
  if (provider) notified.set(key, { until: Date.now() + PROVIDER_TTL_MS, provider });
  return provider;
}

/** The kinds of order whose module is told when they are paid (inside the paying transaction). */
function kindsToldWhenPaid(): string[] {
  return installedModules().flatMap((m) =>
    Object.entries(m.orderHandlers ?? {})
      .filter(([, h]) => h.paid)
      .map(([kind]) => kind),
  );
}

/**
 * A notification in one round trip when it can be (README, "One statement"): the account's provider
 * is known to this process, the notification verifies and says paid, and the order is open, of this
 * amount, of a kind no module must be told of inside the transaction. Answers the provider's
 * acknowledgement, or null: the transactional path (receiveNotification) then takes it from the
 * start, so nothing here is ever half done.
 */
export async function receiveNotificationAtOnce(
  db: AppDatabase,
  tenantId: number,
  config: AppConfig,
  accountId: number,
  raw: RawNotification,
): Promise<{ status: number; contentType: string; body: string } | null> {
  const hit = notifiedOf(config).get(`${tenantId}:${accountId}`);
  if (!hit || hit.until <= Date.now() || db.kind !== 'postgres') return null;
  const provider = hit.provider;
  let paid: ProviderPayment;
  try {
    paid = await provider.parseNotification(raw);
  } catch {
    return null;
  }
  if (paid.state !== 'paid' || paid.currency !== 'CNY') return null;
  const done = await repo.payOpenOrderAtOnce(db, tenantId, {
    orderNo: paid.orderNo,
    kind: provider.kind,
    providerTxnId: paid.providerTxnId,
    amountFen: paid.amountFen,
    paidAt: paid.paidAt ?? new Date(),
    raw: { paidAt: iso(paid.paidAt) },
    actor: SYSTEM.name,
    remark: `${PAY_KIND_NAMES[provider.kind]}支付成功，交易号 ${paid.providerTxnId}`,
    memo: `收款 ${paid.orderNo}`,
    skipKinds: kindsToldWhenPaid(),
  });
  return done === undefined ? null : provider.acknowledge(true);
}

/**
 * A provider's notification: verified by the account's provider, then applied once. Answers what
 * the provider expects; a notification that does not verify changes nothing.
 */
export async function receiveNotification(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  accountId: number,
  raw: RawNotification,
): Promise<{ status: number; contentType: string; body: string }> {
  const provider = await notifiedProvider(tx, tenantId, config, accountId);
  // An address that is no account's is refused in the envelope; an account's provider gets the
  // answer its protocol expects (its own body, not the envelope).
  if (!provider) throw fail('收款账户不存在', 404);
  let paid: ProviderPayment;
  try {
    paid = await provider.parseNotification(raw);
  } catch {
    return provider.acknowledge(false);
  }
  await applyPayment(tx, tenantId, provider.kind, paid);
  return provider.acknowledge(true);
}

// ---- the development cashier ----

export async function devCashier(tx: Tx, tenantId: number, config: AppConfig, token: string) {
  const order = config.paymentDevProvider ? await repo.orderByDevToken(tx, tenantId, token) : undefined;
  if (!order) throw fail('支付链接无效或已失效', 404);
  return {
    orderNo: order.orderNo,
    title: order.title,
    amountFen: order.amountFen,
    payeeName: order.payeeName,
    status: order.status,
    statusName: ORDER_STATUS_NAMES[order.status] ?? '',
  };
}

/**
 * The cashier's answer, sent as the provider would: a signed notification (twice for 'twice')
 * through the same verification and the same apply as a real one.
 */
export async function devCashierAct(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  token: string,
  outcome: 'paid' | 'failed' | 'twice',
): Promise<{ status: number; statusName: string; paidAt: string | null }> {
  const order = config.paymentDevProvider ? await repo.orderByDevToken(tx, tenantId, token) : undefined;
  if (!order || order.accountId === null) throw fail('支付链接无效或已失效', 404);
  const account = await repo.getAccount(tx, tenantId, order.accountId);
  const secret = account ? openSecrets(secretKey(config), account.secrets).devSecret : undefined;
  if (!account || !secret) throw fail('支付链接无效或已失效', 404);
  const raw = devNotification(secret, {
    orderNo: order.orderNo,
    txnId: `DEV${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
    amountFen: order.amountFen,
    state: outcome === 'failed' ? 'failed' : 'paid',
    at: new Date().toISOString(),
  });
  for (let i = 0; i < (outcome === 'twice' ? 2 : 1); i++) {
    const answer = await receiveNotification(tx, tenantId, config, account.id, raw);
    if (answer.status !== 200) throw fail('模拟支付通知未被接受');
  }
  const after = await repo.getOrder(tx, tenantId, order.id);
  const status = after?.status ?? order.status;
  return { status, statusName: ORDER_STATUS_NAMES[status] ?? '', paidAt: iso(after?.paidAt ?? null) };
}

// ---- corporate transfer ----

export async function uploadVoucher(
  tx: Tx,
  tenantId: number,
  payer: Actor & { userId: number },
  id: number,
  input: { fileId: number; fileName: string; remark: string },
): Promise<void> {
  const order = await orderInScope(tx, tenantId, 'mine', payerView(payer.userId), id, true);
  if (order.method !== 'transfer') throw fail('请先选择对公转账');
  if (order.status === OrderStatus.REVIEW) {
    const parts = await repo.orderParts(tx, tenantId, id);
    if (parts.vouchers.some((v) => v.status === VoucherStatus.WAITING)) throw fail('转账凭证正在审核，请耐心等待');
  } else if (order.status !== OrderStatus.PENDING || order.expiresAt.getTime() <= Date.now()) {
    throw fail(`订单${ORDER_STATUS_NAMES[order.status] ?? ''}，不能上传凭证`);
  }
  await repo.insertVoucher(tx, tenantId, { orderId: id, ...input });
  if (order.status !== OrderStatus.REVIEW)
    await move(
      tx,
      tenantId,
      order,
      OrderStatus.REVIEW,
      payer,
      input.remark ? `上传转账凭证：${input.remark}` : '上传转账凭证',
    );
}

export async function reviewVoucher(
  tx: Tx,
  tenantId: number,
  scope: TOrderScope,
  reviewer: Actor & Viewer,
  id: number,
  voucherId: number,
  input: { approve: boolean; reason: string },
): Promise<string> {
  const order = await orderInScope(tx, tenantId, scope, reviewer, id, true);
  const voucher = await repo.getVoucher(tx, tenantId, id, voucherId);
  if (!voucher) throw fail('凭证不存在', 404);
  if (voucher.status !== VoucherStatus.WAITING) throw fail('该凭证已审核');
  if (order.status !== OrderStatus.REVIEW) throw fail(`订单${ORDER_STATUS_NAMES[order.status] ?? ''}，无需审核`);
  await repo.reviewVoucher(tx, tenantId, voucherId, {
    status: input.approve ? VoucherStatus.APPROVED : VoucherStatus.REJECTED,
    reason: input.approve ? '' : input.reason,
    reviewedBy: reviewer.name,
  });
  if (!input.approve) {
    await move(tx, tenantId, order, OrderStatus.PENDING, reviewer, `凭证驳回：${input.reason}`);
    return '已驳回';
  }
  await applyPayment(
    tx,
    tenantId,
    'transfer',
    {
      orderNo: order.orderNo,
      providerTxnId: `V${voucherId}`,
      amountFen: order.amountFen,
      currency: 'CNY',
      state: 'paid',
      paidAt: new Date(),
    },
    reviewer,
  );
  return '审核通过';
}

// ---- the timeout ----

/**
 * An order's timeout: still unpaid, it is first asked about at its provider (a payment whose
 * notification was lost is applied), then cancelled.
 */
export async function expireOrder(tx: Tx, tenantId: number, config: AppConfig, orderId: number): Promise<string> {
  const order = await repo.getOrder(tx, tenantId, orderId, true);
  if (!order || order.status !== OrderStatus.PENDING) return 'settled';
  if (order.expiresAt.getTime() > Date.now()) return 'not yet';
  if (order.accountId !== null) {
    const provider = await providerOf(tx, tenantId, config, order.accountId, order);
    const known = await provider?.query(order.orderNo).catch(() => null);
    if (known?.state === 'paid') {
      await applyPayment(tx, tenantId, provider?.kind ?? 'dev', known);
      return 'paid';
    }
  }
  await cancelOrder(tx, tenantId, config, orderId, SYSTEM, '');
  return 'cancelled';
}

/** One payee's books: what its accounts hold, beside what its orders and withdrawals say they should. */
export interface PayeeBooks {
  /** payee:tenant or payee:org:<id>. */
  account: string;
  balanceFen: number;
  expectedFen: number;
  withdrawingFen: number;
  expectedWithdrawingFen: number;
  balanced: boolean;
}

/**
 * The ledger check (`npm run ledger:check`): the sum of every line is zero (each transaction is
 * also checked at commit); per payee, what its account holds is its payments less its orders'
 * refunds less its withdrawals held or paid out, and its withdrawing account holds its waiting
 * withdrawals; suspense holds the exceptions not yet returned; and no ledger transaction moves money
 * between two payees.
 */
export async function ledgerCheck(tx: Tx, tenantId: number) {
  const { entries, sumFen } = await repo.ledgerTotals(tx, tenantId);
  const books = await repo.payeeBooks(tx, tenantId);
  const keys = new Set<string>([...books.applied.keys(), ...books.taken.keys()]);
  for (const account of books.ledger.keys()) {
    const m = /^payee:(?:withdrawing:)?org:(\d+)$/.exec(account);
    if (m?.[1]) keys.add(m[1]);
    else if (account === 'payee:tenant' || account === 'payee:withdrawing') keys.add('');
  }
  const owed = (account: string) => 0 - (books.ledger.get(account) ?? 0) || 0;
  const payees: PayeeBooks[] = [...keys].sort().map((key) => {
    const orgId = key === '' ? null : Number(key);
    const balanceFen = owed(payeeAccount(orgId));
    const expectedFen = (books.applied.get(key) ?? 0) - (books.refunded.get(key) ?? 0) - (books.taken.get(key) ?? 0);
    const withdrawingFen = owed(withdrawingAccount(orgId));
    const expectedWithdrawingFen = books.waiting.get(key) ?? 0;
    return {
      account: payeeAccount(orgId),
      balanceFen,
      expectedFen,
      withdrawingFen,
      expectedWithdrawingFen,
      balanced: balanceFen === expectedFen && withdrawingFen === expectedWithdrawingFen,
    };
  });
  const suspenseFen = owed('suspense:refund');
  const suspenseBalanced = suspenseFen === books.suspenseExpectedFen;
  return {
    entries,
    sumFen,
    payees,
    suspense: { balanceFen: suspenseFen, expectedFen: books.suspenseExpectedFen, balanced: suspenseBalanced },
    crossing: books.crossing,
    balanced: sumFen === 0 && payees.every((p) => p.balanced) && suspenseBalanced && books.crossing.length === 0,
  };
}

// ---- receiving accounts ----

export async function listAccounts(
  tx: Tx,
  tenantId: number,
  q: { current: number; pageSize: number; keyword?: string | undefined },
) {
  const { rows, total } = await repo.pageAccounts(tx, tenantId, q.keyword, {
    offset: (q.current - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return { records: rows.map(accountView), total, current: q.current, pageSize: q.pageSize };
}

export async function getAccount(tx: Tx, tenantId: number, id: number): Promise<TReceivingAccount> {
  const a = await repo.getAccount(tx, tenantId, id);
  if (!a) throw fail('收款账户不存在', 404);
  return accountView(a);
}

function secretsFrom(input: TReceivingAccountInput, before: ProviderSecrets): ProviderSecrets {
  const keep = (v: string, old: string | undefined) => (v !== '' ? v : old);
  return {
    privateKey: keep(input.privateKey, before.privateKey),
    apiV3Key: keep(input.apiV3Key, before.apiV3Key),
    platformPublicKey: keep(input.platformPublicKey, before.platformPublicKey),
    platformSerial: keep(input.platformSerial, before.platformSerial),
    serialNo: keep(input.serialNo, before.serialNo),
    devSecret: input.kind === 'dev' ? (before.devSecret ?? crypto.randomBytes(24).toString('base64url')) : undefined,
  };
}

function accountValues(input: TReceivingAccountInput) {
  const transfer = input.kind === 'transfer';
  return {
    kind: input.kind,
    name: input.name,
    enabled: input.enabled,
    accountName: transfer ? input.accountName : '',
    bankName: transfer ? input.bankName : '',
    accountNo: transfer ? input.accountNo.replaceAll(' ', '') : '',
    merchantId: input.kind === 'wechat' ? input.merchantId : '',
    appId: input.kind === 'wechat' || input.kind === 'alipay' ? input.appId : '',
  };
}

/** Refuses an account whose keys are missing or do not load (a key pasted wrong shows at once, not at the first payment). */
function requireSecrets(input: TReceivingAccountInput, s: ProviderSecrets): void {
  const kind = input.kind;
  if (kind === 'wechat' && !(s.privateKey && s.apiV3Key && s.platformPublicKey && s.serialNo && s.platformSerial))
    throw fail('微信支付需要商户私钥、证书序列号、APIv3密钥、平台公钥和平台证书序列号');
  if (kind === 'alipay' && !(s.privateKey && s.platformPublicKey)) throw fail('支付宝需要应用私钥和支付宝公钥');
  try {
    if (kind === 'wechat')
      loadWechatPayKeys({
        mchId: input.merchantId,
        appId: input.appId,
        serialNo: s.serialNo ?? '',
        privateKeyPem: s.privateKey ?? '',
        apiV3Key: s.apiV3Key ?? '',
        platformPublicKeyPem: s.platformPublicKey ?? '',
        platformSerial: s.platformSerial ?? '',
      });
    if (kind === 'alipay')
      loadAlipayKeys({
        appId: input.appId,
        privateKeyPem: s.privateKey ?? '',
        alipayPublicKeyPem: s.platformPublicKey ?? '',
      });
  } catch (err) {
    throw fail(err instanceof Error ? err.message : '密钥格式无效');
  }
}

export async function createAccount(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  input: TReceivingAccountInput,
): Promise<number> {
  if (input.kind === 'dev' && !config.paymentDevProvider) throw fail('生产环境不能使用模拟支付');
  const secrets = secretsFrom(input, {});
  requireSecrets(input, secrets);
  return repo.insertAccount(tx, tenantId, {
    ...accountValues(input),
    secrets: sealSecrets(secretKey(config), secrets),
  });
}

export async function updateAccount(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  id: number,
  input: TReceivingAccountInput,
): Promise<void> {
  const before = await repo.getAccount(tx, tenantId, id);
  if (!before) throw fail('收款账户不存在', 404);
  if (before.kind !== input.kind && (await repo.accountUsed(tx, tenantId, id)))
    throw fail('已有订单使用该账户，不能修改收款方式');
  if (input.kind === 'dev' && !config.paymentDevProvider) throw fail('生产环境不能使用模拟支付');
  const old = before.kind === input.kind ? openSecrets(secretKey(config), before.secrets) : {};
  const secrets = secretsFrom(input, old);
  requireSecrets(input, secrets);
  forgetProvider(config, tenantId, id);
  await repo.updateAccount(tx, tenantId, id, {
    ...accountValues(input),
    secrets: sealSecrets(secretKey(config), secrets),
  });
}

export async function deleteAccount(tx: Tx, tenantId: number, config: AppConfig, id: number): Promise<void> {
  if (!(await repo.getAccount(tx, tenantId, id))) throw fail('收款账户不存在', 404);
  if (await repo.accountUsed(tx, tenantId, id)) throw fail('已有订单使用该账户，不能删除，可停用');
  forgetProvider(config, tenantId, id);
  await repo.deleteAccount(tx, tenantId, id);
}
