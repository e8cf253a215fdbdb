import crypto from 'node:crypto';
import { maskPhone, ResultCode } from '@shetuan/shared';
import {
  ORDER_STATUS_NAMES,
  OrderStatus,
  PAY_LINK_INVALID,
  PAY_LINK_PATH,
  type TPayLink,
  type TPayLinkState,
  type TPayLinkView,
  type TPayStart,
  type TPayStarted,
} from '@shetuan/shared/payments';
import type { AppConfig } from '../../platform/config';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/http/errors';
import * as repo from './repository';
import { type Actor, orderInScope, payerView, payMethods, payOrder } from './service';

/**
 * 付款链接 (/payService?token=): the payer of an order lets someone else pay it without logging in
 * (a unit's finance office, a parent). The link carries a random token of 192 bits; whoever has it
 * sees what the order is for, to whom and how much, and pays it by the payee's methods, while the
 * order is 待支付 and not expired. The payer may revoke it at any time. README: 付款链接.
 */

const fail = (msg: string, status = 400) => new AppError(ResultCode.FAILED, msg, null, status);
const statusName = (status: number) => ORDER_STATUS_NAMES[status] ?? '';

/** A new token: 24 random bytes, base64url (32 characters). */
export const newPayLinkToken = (): string => crypto.randomBytes(24).toString('base64url');

/** The order a link names, refused unless it may be paid now (the reason in words the holder understands). */
function payable(order: repo.OrderRow | undefined, now = Date.now()): repo.OrderRow {
  if (!order) throw fail(PAY_LINK_INVALID, 404);
  if (order.status === OrderStatus.REVIEW) throw fail('转账凭证正在审核，暂不能通过付款链接支付');
  if (order.status !== OrderStatus.PENDING) throw fail(`订单${statusName(order.status)}，付款链接已失效`);
  if (order.expiresAt.getTime() <= now) throw fail('订单已超时，付款链接已失效');
  return order;
}

/** 复制付款链接: the order's link, made on the first call (one event), the same one after. */
export async function createPayLink(
  tx: Tx,
  tenantId: number,
  payer: Actor & { userId: number },
  id: number,
): Promise<TPayLink> {
  const order = await orderInScope(tx, tenantId, 'mine', payerView(payer.userId), id, true);
  if (order.status !== OrderStatus.PENDING) throw fail(`订单${statusName(order.status)}，不能生成付款链接`);
  if (order.expiresAt.getTime() <= Date.now()) throw fail('订单已超时，不能生成付款链接');
  const expiresAt = order.expiresAt.toISOString();
  if (order.payLinkToken) return { token: order.payLinkToken, expiresAt };
  const token = newPayLinkToken();
  await repo.setPayLink(tx, tenantId, order.id, token);
  await repo.insertEvent(tx, tenantId, {
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    actor: payer.name,
    remark: '生成付款链接',
  });
  return { token, expiresAt };
}

/** 取消付款链接: the link stops working at once; a new one, if made, has a new token. */
export async function revokePayLink(
  tx: Tx,
  tenantId: number,
  payer: Actor & { userId: number },
  id: number,
): Promise<void> {
  const order = await orderInScope(tx, tenantId, 'mine', payerView(payer.userId), id, true);
  if (!order.payLinkToken) return;
  await repo.setPayLink(tx, tenantId, order.id, null);
  await repo.insertEvent(tx, tenantId, {
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    actor: payer.name,
    remark: '取消付款链接',
  });
}

/** What the link shows: the order, its lines, the payer's name and masked mobile, the ways to pay. */
export async function payLinkView(tx: Tx, tenantId: number, config: AppConfig, token: string): Promise<TPayLinkView> {
  const order = payable(await repo.orderByPayLink(tx, tenantId, token));
  const [parts, person, methods] = await Promise.all([
    repo.orderParts(tx, tenantId, order.id),
    repo.personOf(tx, order.payerUserId),
    payMethods(tx, tenantId, config, order),
  ]);
  return {
    orderNo: order.orderNo,
    title: order.title,
    payerName: order.payerName,
    payerMobile: maskPhone(person?.mobile),
    payeeName: order.payeeName,
    amountFen: order.amountFen,
    status: order.status,
    statusName: statusName(order.status),
    expiresAt: order.expiresAt.toISOString(),
    lines: parts.lines.map((l) => ({
      item: l.item,
      taxCode: l.taxCode,
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      amountFen: l.amountFen,
    })),
    methods,
  };
}

/**
 * 确认支付 through the link: the payer's own payment logic (payOrder), under the order's lock. A
 * provider's page sends the holder back to the link, which then shows the result.
 */
export async function payByLink(
  tx: Tx,
  tenantId: number,
  config: AppConfig,
  token: string,
  input: TPayStart,
  origin: string,
): Promise<TPayStarted> {
  const order = payable(await repo.orderByPayLink(tx, tenantId, token, true));
  const back = `${origin}/new${PAY_LINK_PATH}?token=${encodeURIComponent(token)}`;
  return payOrder(tx, tenantId, config, order, input, origin, back);
}

/**
 * What the link's page polls: the state and what the order is for. Answers in every state while
 * the link exists (so the holder sees 支付成功 after paying, or coming back from a provider's page);
 * a revoked link is unknown.
 */
export async function payLinkState(tx: Tx, tenantId: number, token: string): Promise<TPayLinkState> {
  const order = await repo.orderByPayLink(tx, tenantId, token);
  if (!order) throw fail(PAY_LINK_INVALID, 404);
  return {
    status: order.status,
    statusName: statusName(order.status),
    paidAt: order.paidAt?.toISOString() ?? null,
    orderNo: order.orderNo,
    title: order.title,
    payeeName: order.payeeName,
    amountFen: order.amountFen,
    expiresAt: order.expiresAt.toISOString(),
  };
}
