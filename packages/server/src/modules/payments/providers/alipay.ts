import type { KeyObject } from 'node:crypto';
import {
  assertFen,
  chinaTime,
  PaymentProviderError,
  parseChinaTime,
  privateKeyFrom,
  publicKeyFrom,
  rsaKey,
  rsaSha256Sign,
  rsaSha256Verify,
} from './common';
import type {
  PaymentProvider,
  ProviderPayment,
  ProviderRefund,
  RawNotification,
  RefundRequest,
  RefundResult,
  StartedPayment,
  StartPayment,
} from './types';

/**
 * Alipay open API (RSA2, public-key mode): face-to-face QR (alipay.trade.precreate) and mobile
 * web (alipay.trade.wap.pay) payments, their asynchronous notifications, query, close and refund.
 * Sign strings are built as AlipaySignature (Java) and alipay-sdk (Node) build them; the pure
 * functions are exported so tests can hold them to independently computed values.
 */

export interface AlipayConfig {
  appId: string;
  /** The application private key (PEM, or the bare base64 the Alipay key tool shows). */
  privateKeyPem: string;
  /** Alipay's public key of this application (PEM or bare base64), not the application's own. */
  alipayPublicKeyPem: string;
  gateway?: string;
}

/** What tests (and only tests) replace: the network and the clock. */
export interface AlipayDeps {
  fetch?: typeof fetch;
  now?: () => Date;
}

const DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** Success of an open API call; everything else is an error with sub_code saying which. */
const SUCCESS_CODE = '10000';

type Params = Record<string, string | undefined>;

function joinSorted(params: Params, omit: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !omit.includes(key) && key !== '' && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/**
 * The string a request is signed over (AlipaySignature.getSignContent): `sign` and empty values
 * dropped, keys in ASCII order, `k=v` joined by '&', values as they are (not URL-encoded).
 */
export function signContent(params: Params): string {
  return joinSorted(params, ['sign']);
}

/**
 * The string a notification is verified over (AlipaySignature.getSignCheckContentV1, alipay-sdk
 * checkNotifySign): as signContent, and `sign_type` dropped as well.
 */
export function notificationSignContent(params: Params): string {
  return joinSorted(params, ['sign', 'sign_type']);
}

/** RSA2: SHA256withRSA over signContent(params) with the application private key, base64. */
export function signParams(params: Params, privateKeyPem: KeyObject | string): string {
  return rsaSha256Sign(signContent(params), privateKeyPem);
}

/**
 * Verifies an asynchronous notification (its form fields, decoded) with Alipay's public key.
 * False for a missing sign, a sign type other than RSA2 or a signature that does not match.
 */
export function verifyNotification(params: Params, alipayPublicKeyPem: KeyObject | string): boolean {
  const sign = params.sign;
  if (!sign) return false;
  if (params.sign_type !== undefined && params.sign_type !== 'RSA2') return false;
  return rsaSha256Verify(notificationSignContent(params), sign, alipayPublicKeyPem);
}

/** 'yyyy-MM-dd HH:mm:ss' in China Standard Time: the timestamp and time_expire formats. */
export function alipayTime(date: Date): string {
  const { date: day, time } = chinaTime(date);
  return `${day} ${time}`;
}

/** Fen to Alipay's yuan with two decimals ('0.01', '123.45'), in integer arithmetic. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`金额无效：${fen}`);
  const cents = fen % 100;
  return `${(fen - cents) / 100}.${String(cents).padStart(2, '0')}`;
}

/**
 * Alipay's yuan ('88.8', '88.88', '100000.00') to fen, exactly: parsed as text, never as a
 * floating-point number. Refuses anything else ('1.234', '-1', '1e3', 'abc'): an amount that
 * does not read cleanly must not be taken as paid.
 */
export function yuanToFen(yuan: string): number {
  const m = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!m) throw new Error(`支付金额格式无效：${yuan}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * The exact text of a response node (`{"<method>_response":{…},"sign":"…"}`): what Alipay
 * signed, byte for byte, so it is cut out of the answer rather than re-serialised. Null when the
 * answer has no such object.
 */
export function responseSignSource(text: string, responseKey: string): string | null {
  const token = `"${responseKey}"`;
  let i = text.indexOf(token);
  if (i < 0) return null;
  i += token.length;
  while (/\s/.test(text[i] ?? '')) i++;
  if (text[i] !== ':') return null;
  i++;
  while (/\s/.test(text[i] ?? '')) i++;
  if (text[i] !== '{') return null;
  const start = i;
  let depth = 0;
  let inString = false;
  for (; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

/**
 * Reads an open API answer and checks its sign over the response node's exact text, as the SDKs
 * do: a success must be signed; an error is checked when it carries a sign. Like AlipayClient, a
 * sign over the text with '\/' unescaped is accepted too. Answers the response node.
 */
export function readSignedResponse(
  text: string,
  method: string,
  alipayPublicKeyPem: KeyObject | string,
): Record<string, unknown> {
  let answer: Record<string, unknown>;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new PaymentProviderError('支付宝应答格式无效', 'BAD_RESPONSE');
  }
  const responseKey = `${method.replace(/\./g, '_')}_response`;
  const key = answer?.[responseKey] ? responseKey : 'error_response';
  const node = answer?.[key];
  if (!node || typeof node !== 'object') throw new PaymentProviderError('支付宝应答格式无效', 'BAD_RESPONSE');
  const response = node as Record<string, unknown>;
  const sign = typeof answer.sign === 'string' ? answer.sign : '';
  if (!sign) {
    if (response.code === SUCCESS_CODE) throw new PaymentProviderError('支付宝应答缺少签名', 'SIGN_ERROR');
    return response;
  }
  const source = responseSignSource(text, key);
  const signed =
    source !== null &&
    (rsaSha256Verify(source, sign, alipayPublicKeyPem) ||
      (source.includes('\\/') && rsaSha256Verify(source.replace(/\\\//g, '/'), sign, alipayPublicKeyPem)));
  if (!signed) throw new PaymentProviderError('支付宝应答验签失败', 'SIGN_ERROR');
  return response;
}

const TRADE_STATES: Record<string, ProviderPayment['state']> = {
  TRADE_SUCCESS: 'paid',
  // Paid, and past its refund period: still paid.
  TRADE_FINISHED: 'paid',
  WAIT_BUYER_PAY: 'pending',
  // Unpaid and expired or closed, or paid and then refunded in full (then refund_fee is set).
  TRADE_CLOSED: 'closed',
};

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Reads a trade (a notification's fields or alipay.trade.query's answer) into the provider-neutral
 * shape. A paid trade must carry its amount and trade_no; an unpaid one may lack the amount.
 */
export function toProviderPayment(trade: {
  out_trade_no?: string | undefined;
  trade_no?: string | undefined;
  trade_status?: string | undefined;
  total_amount?: string | undefined;
  paid_at?: string | undefined;
}): ProviderPayment {
  const state = TRADE_STATES[trade.trade_status ?? ''];
  if (!state) throw new Error(`未知的支付宝交易状态：${trade.trade_status ?? '（空）'}`);
  if (!trade.out_trade_no) throw new Error('支付宝交易缺少商户订单号');
  if (state === 'paid' && (!trade.total_amount || !trade.trade_no)) throw new Error('支付宝交易缺少金额或交易号');
  return {
    orderNo: trade.out_trade_no,
    providerTxnId: trade.trade_no ?? '',
    amountFen: trade.total_amount ? yuanToFen(trade.total_amount) : 0,
    currency: 'CNY',
    state,
    paidAt: parseChinaTime(trade.paid_at),
  };
}

/** Alipay refuses '/', '=' and '&' in a subject; at most 256 characters. */
const subjectOf = (title: string, orderNo: string) =>
  Array.from(title.replace(/[/=&]/g, ' ').trim()).slice(0, 256).join('') || `订单${orderNo}`;

export interface AlipayKeys {
  privateKey: KeyObject;
  alipayKey: KeyObject;
}

/**
 * Parses and checks the secrets of a configuration, throwing a message that names the setting to
 * fix. The provider calls it on first use; the service may call it when an account is saved.
 */
export function loadAlipayKeys(config: AlipayConfig): AlipayKeys {
  if (!config.appId) throw new Error('支付宝应用AppID未配置');
  return {
    privateKey: rsaKey(() => privateKeyFrom(config.privateKeyPem), '支付宝应用私钥格式无效'),
    alipayKey: rsaKey(() => publicKeyFrom(config.alipayPublicKeyPem), '支付宝公钥格式无效'),
  };
}

/**
 * The Alipay adapter of the payments service. Nothing is checked at construction (see
 * loadAlipayKeys): building it never throws, whatever the stored secrets.
 */
export function createAlipayProvider(config: AlipayConfig, deps: AlipayDeps = {}): PaymentProvider {
  const fetchImpl = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const gateway = config.gateway ?? DEFAULT_GATEWAY;
  let loaded: AlipayKeys | undefined;
  // Parsed on first use, so a bad key fails the call that needs it (and the service's handling
  // of that call), never the construction of the provider.
  const keys = () => {
    loaded ??= loadAlipayKeys(config);
    return loaded;
  };

  /** The signed parameters of a call: the common ones, extra ones (notify_url…), biz_content. */
  function signedParams(method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}) {
    const params: Record<string, string> = {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    params.sign = signParams(params, keys().privateKey);
    return params;
  }

  const withQuery = (query: URLSearchParams) => `${gateway}${gateway.includes('?') ? '&' : '?'}${query}`;

  /**
   * One call, as the SDKs send it: the common parameters and the sign in the query string (so
   * the gateway knows the charset before reading the body), biz_content as the form body.
   */
  async function call(method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}) {
    const { biz_content: bizContent = '', ...common } = signedParams(method, biz, extra);
    const res = await fetchImpl(withQuery(new URLSearchParams(common)), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8', Accept: 'application/json' },
      body: new URLSearchParams({ biz_content: bizContent }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new PaymentProviderError(`支付宝请求失败：HTTP ${res.status}`, `HTTP_${res.status}`, res.status);
    return readSignedResponse(text, method, keys().alipayKey);
  }

  const subCode = (response: Record<string, unknown>) => str(response.sub_code) ?? str(response.code) ?? '';

  function failure(response: Record<string, unknown>): PaymentProviderError {
    const message = str(response.sub_msg) ?? str(response.msg) ?? '未知错误';
    // A signed answer other than 20000 (service unavailable) and ACQ.SYSTEM_ERROR (to be called
    // again with the same parameters) is Alipay refusing the request: nothing was done.
    const refused = str(response.code) !== '20000' && str(response.sub_code) !== 'ACQ.SYSTEM_ERROR';
    return new PaymentProviderError(
      `支付宝请求失败：${message}（${subCode(response)}）`,
      subCode(response),
      undefined,
      refused,
    );
  }

  return {
    kind: 'alipay',

    async start(input: StartPayment): Promise<StartedPayment> {
      assertFen(input.amountFen, '支付金额');
      const biz = {
        out_trade_no: input.orderNo,
        total_amount: fenToYuan(input.amountFen),
        subject: subjectOf(input.title, input.orderNo),
        time_expire: alipayTime(input.expiresAt),
      };
      if (input.channel === 'qr') {
        const response = await call('alipay.trade.precreate', biz, { notify_url: input.notifyUrl });
        if (response.code !== SUCCESS_CODE) throw failure(response);
        const qrCode = str(response.qr_code);
        if (!qrCode) throw new PaymentProviderError('支付宝未返回二维码链接', 'BAD_RESPONSE');
        return { qrCode };
      }
      // The mobile web cashier is a page: the payer's browser GETs the signed request itself.
      const params = signedParams(
        'alipay.trade.wap.pay',
        { ...biz, product_code: 'QUICK_WAP_WAY', ...(input.returnUrl ? { quit_url: input.returnUrl } : {}) },
        { notify_url: input.notifyUrl, ...(input.returnUrl ? { return_url: input.returnUrl } : {}) },
      );
      return { redirectUrl: withQuery(new URLSearchParams(params)) };
    },

    async parseNotification(raw: RawNotification): Promise<ProviderPayment> {
      const params: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(raw.body)) params[key] = value;
      if (!params.sign) throw new Error('支付通知格式无效');
      if (!verifyNotification(params, keys().alipayKey)) throw new Error('支付通知签名无效');
      if (params.app_id !== config.appId) throw new Error('支付通知的应用与配置不符');
      if (!params.total_amount) throw new Error('支付通知缺少金额');
      return toProviderPayment({ ...params, paid_at: params.gmt_payment });
    },

    acknowledge(ok: boolean) {
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'failure' };
    },

    async query(orderNo: string): Promise<ProviderPayment | null> {
      const response = await call('alipay.trade.query', { out_trade_no: orderNo });
      if (response.code !== SUCCESS_CODE) {
        // A precreated QR code nobody scanned has no trade at Alipay yet.
        if (response.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
        throw failure(response);
      }
      return toProviderPayment({
        out_trade_no: str(response.out_trade_no),
        trade_no: str(response.trade_no),
        trade_status: str(response.trade_status),
        total_amount: str(response.total_amount),
        paid_at: str(response.send_pay_date),
      });
    },

    async close(orderNo: string): Promise<void> {
      const response = await call('alipay.trade.close', { out_trade_no: orderNo });
      // No trade (a QR code never scanned): nothing to close, and nobody can pay it any more.
      if (response.code !== SUCCESS_CODE && response.sub_code !== 'ACQ.TRADE_NOT_EXIST') throw failure(response);
    },

    async refund(input: RefundRequest): Promise<RefundResult> {
      assertFen(input.amountFen, '退款金额');
      const response = await call('alipay.trade.refund', {
        // One transaction of the order (an exception) by its trade_no, else the order's payment.
        ...(input.providerTxnId ? { trade_no: input.providerTxnId } : { out_trade_no: input.orderNo }),
        out_request_no: input.refundNo,
        refund_amount: fenToYuan(input.amountFen),
        ...(input.reason ? { refund_reason: input.reason } : {}),
      });
      if (response.code !== SUCCESS_CODE) throw failure(response);
      // Alipay gives a refund no id of its own: out_request_no (ours) and trade_no name it.
      return {
        state: response.fund_change === 'Y' ? 'done' : 'processing',
        providerRefundId: str(response.trade_no) ?? '',
      };
    },

    async queryRefund(input: { refundNo: string; orderNo: string }): Promise<ProviderRefund | null> {
      const response = await call('alipay.trade.fastpay.refund.query', {
        out_trade_no: input.orderNo,
        out_request_no: input.refundNo,
      });
      if (response.code !== SUCCESS_CODE) {
        if (response.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
        throw failure(response);
      }
      // Alipay: an answer naming the refund, its refund_status empty or REFUND_SUCCESS, is a refund
      // done; an answer that does not name it is a refund Alipay has not (yet) done — null, as for
      // one it does not know: a refund never known to have reached it is asked for again with the
      // same out_request_no (Alipay's documented retry), one it accepted is asked about again later.
      const status = str(response.refund_status) ?? '';
      if (str(response.out_request_no) !== input.refundNo) return null;
      const done = status === '' || status === 'REFUND_SUCCESS';
      const amountText = str(response.refund_amount);
      const amount = amountText ? yuanToFen(amountText) : 0;
      return {
        orderNo: input.orderNo,
        refundNo: input.refundNo,
        providerRefundId: str(response.trade_no) ?? '',
        state: done ? 'done' : 'processing',
        amountFen: amount,
        settledAt: done ? new Date() : null,
        providerState: status || (done ? 'REFUND_SUCCESS' : 'PROCESSING'),
      };
    },
  };
}
