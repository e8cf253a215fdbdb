import crypto from 'node:crypto';
import type {
  PaymentProvider,
  ProviderPayment,
  RawNotification,
  RefundRequest,
  RefundResult,
  StartedPayment,
  StartPayment,
} from './types';

/**
 * The development provider (模拟支付): a cashier page of our own (/new/dev-cashier) that can pay,
 * fail or pay twice, and notifications signed with HMAC-SHA256 under the account's own secret,
 * so the whole path — signature, matching, applying once — runs without any outside service.
 * Offered only when PAYMENT_DEV_PROVIDER is on (by default everywhere but production).
 */
export interface DevNotice {
  orderNo: string;
  txnId: string;
  amountFen: number;
  state: 'paid' | 'failed';
  at: string;
}

export function signDevNotice(secret: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('base64');
}

/** Builds the notification the cashier sends (exactly what parseNotification checks). */
export function devNotification(secret: string, notice: DevNotice): RawNotification {
  const body = JSON.stringify(notice);
  return { headers: { 'content-type': 'application/json', 'x-dev-signature': signDevNotice(secret, body) }, body };
}

export function createDevProvider(config: {
  secret: string;
  cashierUrl: (token: string) => string;
  token: string;
}): PaymentProvider {
  return {
    kind: 'dev',
    async start(_input: StartPayment): Promise<StartedPayment> {
      const url = config.cashierUrl(config.token);
      return { qrCode: url, redirectUrl: url };
    },
    async parseNotification(raw: RawNotification): Promise<ProviderPayment> {
      const given = Buffer.from(raw.headers['x-dev-signature'] ?? '', 'base64');
      const expected = Buffer.from(signDevNotice(config.secret, raw.body), 'base64');
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
        throw new Error('支付通知签名无效');
      const n = JSON.parse(raw.body) as DevNotice;
      if (typeof n.orderNo !== 'string' || typeof n.txnId !== 'string' || !Number.isSafeInteger(n.amountFen))
        throw new Error('支付通知内容不正确');
      return {
        orderNo: n.orderNo,
        providerTxnId: n.txnId,
        amountFen: n.amountFen,
        currency: 'CNY',
        state: n.state === 'paid' ? 'paid' : 'failed',
        paidAt: n.state === 'paid' ? new Date(n.at) : null,
      };
    },
    acknowledge(ok: boolean) {
      return { status: ok ? 200 : 400, contentType: 'text/plain', body: ok ? 'success' : 'failure' };
    },
    async query(): Promise<ProviderPayment | null> {
      // The cashier is the only payer: what it did arrived as a notification.
      return null;
    },
    async close(): Promise<void> {},
    async refund(input: RefundRequest): Promise<RefundResult> {
      return { state: 'done', providerRefundId: `DEVR${input.refundNo}` };
    },
    // Its refunds are done at once: nothing is ever left to query or to be notified of.
  };
}
