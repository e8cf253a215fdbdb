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
  /** The provider's transaction to refund (an exception: one payment of several of the order). */
  providerTxnId?: string;
  /** Where the provider posts the refund's result, when it finishes later (WeChat Pay). */
  notifyUrl?: string;
}

export interface RefundResult {
  state: 'done' | 'processing' | 'failed';
  providerRefundId: string;
}

/** What a refund query or a verified refund notification says of one refund. */
export interface ProviderRefund {
  orderNo: string;
  /** Our refund number (out_refund_no). */
  refundNo: string;
  providerRefundId: string;
  state: 'done' | 'processing' | 'failed';
  amountFen: number;
  settledAt: Date | null;
  /** The provider's own word for the state (SUCCESS, CLOSED, ABNORMAL …), for the order's timeline. */
  providerState: string;
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
  /**
   * Asks about a refund still processing (the refund query job); null when the provider does not
   * know it. Only providers whose refunds finish later have it.
   */
  queryRefund?(input: { refundNo: string; orderNo: string }): Promise<ProviderRefund | null>;
  /** Verifies a refund notification and reads it (WeChat Pay: signature, then the resource decrypted). */
  parseRefundNotification?(raw: RawNotification): Promise<ProviderRefund>;
}
