/**
 * A payment provider adapter (WeChat Pay, Alipay, the development provider). The payments service
 * talks to providers only through this interface; amounts are integer fen, currency CNY.
 */
export type ProviderKind = 'dev' | 'wechat' | 'alipay';

/** How the payer pays: a QR code scanned on a desktop, or the provider's own page on a phone. */
export type PayChannel = 'qr' | 'page';

export interface StartPayment {
  /** Our order number: the provider's out_trade_no. */
  orderNo: string;
  amountFen: number;
  /** What the payer sees on the provider's page (the order's title). */
  title: string;
  channel: PayChannel;
  /** Where the provider posts its notification. */
  notifyUrl: string;
  /** Where the provider's page returns the payer (page channel). */
  returnUrl: string;
  expiresAt: Date;
}

export interface StartedPayment {
  /** The text to show as a QR code (qr channel). */
  qrCode?: string;
  /** The page to send the payer to (page channel). */
  redirectUrl?: string;
}

/** What a verified notification or a query says about one payment. */
export interface ProviderPayment {
  orderNo: string;
  /** The provider's own id of the transaction (transaction_id, trade_no). */
  providerTxnId: string;
  amountFen: number;
  currency: 'CNY';
  state: 'paid' | 'pending' | 'closed' | 'failed';
  paidAt: Date | null;
}

export interface RefundRequest {
  orderNo: string;
  refundNo: string;
  amountFen: number;
  totalFen: number;
  reason: string;
}

export interface RefundResult {
  state: 'done' | 'processing' | 'failed';
  providerRefundId: string;
}

/** A notification as it arrived: its headers (lower-case names) and exact body. */
export interface RawNotification {
  headers: Record<string, string | undefined>;
  body: string;
}

export interface PaymentProvider {
  kind: ProviderKind;
  start(input: StartPayment): Promise<StartedPayment>;
  /**
   * Verifies a notification (signature, and for WeChat Pay decrypts its resource) and reads it;
   * throws on a bad signature or a body that does not parse. Nothing is applied here.
   */
  parseNotification(raw: RawNotification): Promise<ProviderPayment>;
  /** The answer the provider expects when a notification was taken (or refused). */
  acknowledge(ok: boolean): { status: number; contentType: string; body: string };
  /** Asks the provider about an order (the reconciliation job); null when it does not know it. */
  query(orderNo: string): Promise<ProviderPayment | null>;
  /** Closes an unpaid order at the provider (expiry, cancellation). */
  close(orderNo: string): Promise<void>;
  refund(input: RefundRequest): Promise<RefundResult>;
}
