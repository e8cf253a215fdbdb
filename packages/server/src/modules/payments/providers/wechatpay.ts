import { createCipheriv, createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';
import {
  assertFen,
  chinaTime,
  lowerCaseHeaders,
  PaymentProviderError,
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
 * WeChat Pay API v3 (direct merchant): Native (QR code) and H5 payments, their notifications,
 * query, close and refund. Signing and verification follow the official SDKs (wechatpay-java,
 * wechatpay-go, wechatpay-node-v3) exactly; the functions are exported so tests can hold them to
 * independently computed values.
 */

export interface WechatPayConfig {
  /** 商户号. */
  mchId: string;
  /** The AppID bound to the merchant (official account or website app). */
  appId: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  serialNo: string;
  /** The merchant API private key (apiclient_key.pem). */
  privateKeyPem: string;
  /** APIv3 key: 32 characters, the AES-256-GCM key of notification resources. */
  apiV3Key: string;
  /** WeChat Pay's public key (PUB_KEY_ID_… mode) or its platform certificate, PEM. */
  platformPublicKeyPem: string;
  /** The public key ID or the platform certificate serial: what Wechatpay-Serial must name. */
  platformSerial: string;
  baseUrl?: string;
}

/** What tests (and only tests) replace: the network, the clock and the nonce. */
export interface WechatPayDeps {
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
}

/** The signature scheme of the Authorization header (RSA; the SM2 scheme is not supported). */
export const WECHATPAY_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** How far a notification's or answer's timestamp may be from our clock (the SDKs' 5 minutes). */
export const WECHATPAY_MAX_SKEW_SECONDS = 300;

const DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com';

/**
 * The string a request is signed over: method, canonical URL (path and query, as sent),
 * timestamp, nonce and body (empty for GET), each line ended by '\n' — the last one too.
 */
export function buildSignMessage(
  method: string,
  canonicalUrl: string,
  timestamp: string | number,
  nonce: string,
  body: string,
): string {
  return `${method}\n${canonicalUrl}\n${timestamp}\n${nonce}\n${body}\n`;
}

/**
 * The Authorization header value of a request: SHA256withRSA over buildSignMessage with the
 * merchant private key, in the field order wechatpay-go writes it.
 */
export function signRequest(input: {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject | string;
  method: string;
  canonicalUrl: string;
  body: string;
  timestamp: string | number;
  nonce: string;
}): string {
  const message = buildSignMessage(input.method, input.canonicalUrl, input.timestamp, input.nonce, input.body);
  const signature = rsaSha256Sign(message, input.privateKey);
  return (
    `${WECHATPAY_SCHEMA} mchid="${input.mchId}",nonce_str="${input.nonce}",signature="${signature}",` +
    `timestamp="${input.timestamp}",serial_no="${input.serialNo}"`
  );
}

/**
 * Verifies the signature WeChat Pay puts on a notification or an API answer: SHA256withRSA by
 * the platform key over `${Wechatpay-Timestamp}\n${Wechatpay-Nonce}\n${body}\n`. Also refuses a
 * timestamp more than 5 minutes from `now` (a replayed message) and a Wechatpay-Serial other than
 * the configured key's (after a key rotation the configuration must follow). Throws on refusal.
 */
export function verifyNotificationSignature(
  headers: Record<string, string | undefined> | Headers,
  body: string,
  platformPublicKeyPem: KeyObject | string,
  platformSerial: string,
  now: Date = new Date(),
): void {
  const h = lowerCaseHeaders(headers);
  const timestamp = h['wechatpay-timestamp'] ?? '';
  const nonce = h['wechatpay-nonce'] ?? '';
  const signature = h['wechatpay-signature'] ?? '';
  const serial = h['wechatpay-serial'] ?? '';
  const type = h['wechatpay-signature-type'];
  if (!timestamp || !nonce || !signature || !serial) throw new Error('支付通知缺少签名信息');
  if (type !== undefined && type !== WECHATPAY_SCHEMA) throw new Error(`支付通知签名类型不受支持：${type}`);
  if (serial !== platformSerial) throw new Error(`支付通知的平台证书序列号与配置不符：${serial}`);
  if (!/^\d{1,12}$/.test(timestamp)) throw new Error('支付通知时间戳无效');
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WECHATPAY_MAX_SKEW_SECONDS) {
    throw new Error('支付通知已过期（时间戳与当前时间相差超过5分钟）');
  }
  if (!rsaSha256Verify(`${timestamp}\n${nonce}\n${body}\n`, signature, platformPublicKeyPem)) {
    throw new Error('支付通知签名无效');
  }
}

/** The encrypted `resource` of a notification (AEAD_AES_256_GCM). */
export interface EncryptedResource {
  algorithm?: string;
  original_type?: string;
  /** base64 of the ciphertext followed by the 16-byte GCM tag. */
  ciphertext: string;
  associated_data?: string;
  /** 12 ASCII characters, used as they are as the GCM IV. */
  nonce: string;
}

function aesKey(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('微信支付 APIv3 密钥长度应为32字节');
  return key;
}

/**
 * Decrypts a notification resource: AES-256-GCM with the APIv3 key, the nonce as IV, the
 * associated data as AAD, the last 16 bytes of the ciphertext as tag. Throws when the tag does
 * not match (a forged or damaged resource, a wrong key) instead of answering garbage.
 */
export function decryptResource(apiV3Key: string, resource: EncryptedResource): string {
  const key = aesKey(apiV3Key);
  if (resource.algorithm !== undefined && resource.algorithm !== 'AEAD_AES_256_GCM') {
    throw new Error(`支付通知加密算法不受支持：${resource.algorithm}`);
  }
  const data = Buffer.from(resource.ciphertext ?? '', 'base64');
  if (data.length < 17 || typeof resource.nonce !== 'string') throw new Error('支付通知密文无效');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('支付通知解密失败');
  }
}

/**
 * The inverse of decryptResource, as WeChat Pay encrypts a resource: for tests and a local
 * stand-in of the provider, never needed against the real one.
 */
export function encryptResource(
  apiV3Key: string,
  plaintext: string,
  associatedData = 'transaction',
  nonce: string = randomBytes(6).toString('hex'),
): EncryptedResource {
  const cipher = createCipheriv('aes-256-gcm', aesKey(apiV3Key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    original_type: 'transaction',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

/** RFC 3339 in China Standard Time, as time_expire wants it: 2026-05-01T12:30:00+08:00. */
export function rfc3339China(date: Date): string {
  const { date: day, time } = chinaTime(date);
  return `${day}T${time}+08:00`;
}

/** A transaction as a notification's resource and the query API describe it (the fields we read). */
export interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; currency?: string };
}

const TRADE_STATES: Record<string, ProviderPayment['state']> = {
  SUCCESS: 'paid',
  // 转入退款: it was paid; a refund of it is the refund's business, not a new state of the payment.
  REFUND: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'failed',
};

/**
 * Reads a transaction into the provider-neutral shape. A paid one must carry its amount in CNY
 * and its transaction_id; an unpaid one may lack them (amountFen then 0).
 */
export function toProviderPayment(txn: WechatTransaction): ProviderPayment {
  const state = TRADE_STATES[txn.trade_state ?? ''];
  if (!state) throw new Error(`未知的微信支付交易状态：${txn.trade_state ?? '（空）'}`);
  if (!txn.out_trade_no) throw new Error('微信支付交易缺少商户订单号');
  const total = txn.amount?.total;
  const currency = txn.amount?.currency ?? 'CNY';
  if (currency !== 'CNY') throw new Error(`不支持的币种：${currency}`);
  if (total !== undefined && (!Number.isSafeInteger(total) || total < 0)) throw new Error(`支付金额无效：${total}`);
  if (state === 'paid' && (total === undefined || !txn.transaction_id)) throw new Error('微信支付交易缺少金额或交易号');
  const paidAt = txn.success_time ? new Date(txn.success_time) : null;
  return {
    orderNo: txn.out_trade_no,
    providerTxnId: txn.transaction_id ?? '',
    amountFen: total ?? 0,
    currency: 'CNY',
    state,
    paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
  };
}

/** A refund as its notification's resource and the refund query describe it (the fields we read). */
export interface WechatRefund {
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  out_refund_no?: string;
  refund_id?: string;
  /** The notification's name of the state; the query's is `status`. */
  refund_status?: string;
  status?: string;
  success_time?: string;
  amount?: { total?: number; refund?: number; payer_total?: number; payer_refund?: number; currency?: string };
}

const REFUND_STATES: Record<string, ProviderRefund['state']> = {
  SUCCESS: 'done',
  PROCESSING: 'processing',
  // 退款关闭, 退款异常 (the payer's card gone): the money did not go back; it may be refunded anew.
  CLOSED: 'failed',
  ABNORMAL: 'failed',
};

/** Reads a refund (notification resource or query answer) into the provider-neutral shape. */
export function toProviderRefund(r: WechatRefund): ProviderRefund {
  const providerState = r.refund_status ?? r.status ?? '';
  const state = REFUND_STATES[providerState];
  if (!state) throw new Error(`未知的微信支付退款状态：${providerState || '（空）'}`);
  if (!r.out_refund_no || !r.out_trade_no) throw new Error('微信支付退款缺少商户退款单号或订单号');
  const refund = r.amount?.refund;
  if (refund === undefined || !Number.isSafeInteger(refund) || refund <= 0) throw new Error(`退款金额无效：${refund}`);
  const settledAt = r.success_time ? new Date(r.success_time) : null;
  return {
    orderNo: r.out_trade_no,
    refundNo: r.out_refund_no,
    providerRefundId: r.refund_id ?? '',
    state,
    amountFen: refund,
    settledAt: settledAt && !Number.isNaN(settledAt.getTime()) ? settledAt : null,
    providerState,
  };
}

const truncate = (text: string, max: number) => Array.from(text).slice(0, max).join('');

export interface WechatPayKeys {
  privateKey: KeyObject;
  platformKey: KeyObject;
}

/**
 * Parses and checks the secrets of a configuration, throwing a message that names the setting to
 * fix. The provider calls it on first use; the service may call it when an account is saved, so a
 * pasted key that does not parse is refused there rather than at the first payment.
 */
export function loadWechatPayKeys(config: WechatPayConfig): WechatPayKeys {
  if (!config.mchId || !config.appId || !config.serialNo || !config.platformSerial) {
    throw new Error('微信支付商户号、AppID、证书序列号或平台证书序列号未配置');
  }
  aesKey(config.apiV3Key);
  return {
    privateKey: rsaKey(() => privateKeyFrom(config.privateKeyPem), '微信支付商户私钥格式无效'),
    platformKey: rsaKey(() => publicKeyFrom(config.platformPublicKeyPem), '微信支付平台公钥（或平台证书）格式无效'),
  };
}

/**
 * The WeChat Pay adapter of the payments service. Nothing is checked at construction (see
 * loadWechatPayKeys): building it never throws, whatever the stored secrets.
 */
export function createWechatPayProvider(config: WechatPayConfig, deps: WechatPayDeps = {}): PaymentProvider {
  const fetchImpl = deps.fetch ?? fetch;
  const now = deps.now ?? (() => new Date());
  const newNonce = deps.nonce ?? (() => randomBytes(16).toString('hex').toUpperCase());
  const baseUrl = (config.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  let loaded: WechatPayKeys | undefined;
  // Parsed on first use, so a bad key fails the call that needs it (and the service's handling
  // of that call), never the construction of the provider.
  const keys = () => {
    loaded ??= loadWechatPayKeys(config);
    return loaded;
  };

  /** One signed call; the answer's signature is checked (required on a 2xx, as the SDKs do). */
  async function call(method: 'GET' | 'POST', canonicalUrl: string, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = Math.floor(now().getTime() / 1000);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: signRequest({
        mchId: config.mchId,
        serialNo: config.serialNo,
        privateKey: keys().privateKey,
        method,
        canonicalUrl,
        body,
        timestamp,
        nonce: newNonce(),
      }),
      'User-Agent': 'shetuan-server (node)',
      // Names the key we verify with; in public-key mode it asks WeChat Pay to sign the answer with it.
      'Wechatpay-Serial': config.platformSerial,
    };
    if (method === 'POST') headers['Content-Type'] = 'application/json';
    const res = await fetchImpl(`${baseUrl}${canonicalUrl}`, {
      method,
      headers,
      ...(method === 'POST' ? { body } : {}),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const resHeaders = lowerCaseHeaders(res.headers);
    if (res.ok || resHeaders['wechatpay-signature'] !== undefined) {
      try {
        verifyNotificationSignature(resHeaders, text, keys().platformKey, config.platformSerial, now());
      } catch (err) {
        throw new PaymentProviderError(`微信支付应答验签失败：${(err as Error).message}`, 'SIGN_ERROR', res.status);
      }
    }
    let json: Record<string, unknown> = {};
    if (text) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {}
      if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
      else if (res.ok) throw new PaymentProviderError('微信支付应答格式无效', 'BAD_RESPONSE', res.status);
    }
    return { status: res.status, ok: res.ok, json };
  }

  function failure(answer: { status: number; json: Record<string, unknown> }): PaymentProviderError {
    const code = typeof answer.json.code === 'string' ? answer.json.code : `HTTP_${answer.status}`;
    const message = typeof answer.json.message === 'string' ? answer.json.message : `HTTP ${answer.status}`;
    // A 4xx is WeChat Pay refusing the request (parameters, balance, frequency, authority): nothing
    // was done. A 5xx (SYSTEM_ERROR) may or may not have been: the same request is to be asked again.
    const refused = answer.status >= 400 && answer.status < 500;
    return new PaymentProviderError(`微信支付请求失败：${message}（${code}）`, code, answer.status, refused);
  }

  const orderPath = (orderNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}`;

  return {
    kind: 'wechat',

    async start(input: StartPayment): Promise<StartedPayment> {
      assertFen(input.amountFen, '支付金额');
      const order = {
        appid: config.appId,
        mchid: config.mchId,
        description: truncate(input.title, 127) || `订单${input.orderNo}`,
        out_trade_no: input.orderNo,
        time_expire: rfc3339China(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
      };
      if (input.channel === 'qr') {
        const answer = await call('POST', '/v3/pay/transactions/native', order);
        if (!answer.ok) throw failure(answer);
        const codeUrl = answer.json.code_url;
        if (typeof codeUrl !== 'string' || !codeUrl)
          throw new PaymentProviderError('微信支付未返回二维码链接', 'BAD_RESPONSE');
        return { qrCode: codeUrl };
      }
      const answer = await call('POST', '/v3/pay/transactions/h5', {
        ...order,
        scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
      });
      if (!answer.ok) throw failure(answer);
      const h5Url = answer.json.h5_url;
      if (typeof h5Url !== 'string' || !h5Url)
        throw new PaymentProviderError('微信支付未返回支付页面链接', 'BAD_RESPONSE');
      // The H5 cashier returns the payer to redirect_url when it is appended (URL-encoded) to h5_url.
      const redirectUrl = input.returnUrl
        ? `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(input.returnUrl)}`
        : h5Url;
      return { redirectUrl };
    },

    async parseNotification(raw: RawNotification): Promise<ProviderPayment> {
      verifyNotificationSignature(raw.headers, raw.body, keys().platformKey, config.platformSerial, now());
      let envelope: { event_type?: unknown; resource?: EncryptedResource };
      try {
        envelope = JSON.parse(raw.body);
      } catch {
        throw new Error('支付通知格式无效');
      }
      const eventType = typeof envelope?.event_type === 'string' ? envelope.event_type : '';
      if (!eventType.startsWith('TRANSACTION.')) throw new Error(`不是支付结果通知：${eventType || '（空）'}`);
      if (!envelope.resource || typeof envelope.resource !== 'object') throw new Error('支付通知缺少加密数据');
      let txn: WechatTransaction;
      try {
        txn = JSON.parse(decryptResource(config.apiV3Key, envelope.resource));
      } catch (err) {
        throw new Error((err as Error).message.startsWith('支付通知') ? (err as Error).message : '支付通知格式无效');
      }
      if (txn.mchid !== undefined && txn.mchid !== config.mchId) throw new Error('支付通知的商户号与配置不符');
      if (txn.appid !== undefined && txn.appid !== config.appId) throw new Error('支付通知的应用与配置不符');
      return toProviderPayment(txn);
    },

    acknowledge(ok: boolean) {
      return ok
        ? { status: 200, contentType: 'text/plain; charset=utf-8', body: '' }
        : { status: 500, contentType: 'application/json; charset=utf-8', body: '{"code":"FAIL","message":"失败"}' };
    },

    async query(orderNo: string): Promise<ProviderPayment | null> {
      const answer = await call('GET', `${orderPath(orderNo)}?mchid=${encodeURIComponent(config.mchId)}`);
      if (answer.status === 404 && answer.json.code === 'ORDER_NOT_EXIST') return null;
      if (!answer.ok) throw failure(answer);
      return toProviderPayment(answer.json as WechatTransaction);
    },

    async close(orderNo: string): Promise<void> {
      const answer = await call('POST', `${orderPath(orderNo)}/close`, { mchid: config.mchId });
      if (!answer.ok) throw failure(answer);
    },

    async refund(input: RefundRequest): Promise<RefundResult> {
      assertFen(input.amountFen, '退款金额');
      assertFen(input.totalFen, '订单金额');
      const answer = await call('POST', '/v3/refund/domestic/refunds', {
        // One transaction of the order (an exception) by its id, else the order's payment.
        ...(input.providerTxnId ? { transaction_id: input.providerTxnId } : { out_trade_no: input.orderNo }),
        out_refund_no: input.refundNo,
        ...(input.reason ? { reason: truncate(input.reason, 80) } : {}),
        ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
        amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
      });
      if (!answer.ok) throw failure(answer);
      const status = answer.json.status;
      const providerRefundId = typeof answer.json.refund_id === 'string' ? answer.json.refund_id : '';
      return {
        state: status === 'SUCCESS' ? 'done' : status === 'PROCESSING' ? 'processing' : 'failed',
        providerRefundId,
      };
    },

    async queryRefund(input: { refundNo: string }): Promise<ProviderRefund | null> {
      const answer = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(input.refundNo)}`);
      if (answer.status === 404 && answer.json.code === 'RESOURCE_NOT_EXISTS') return null;
      if (!answer.ok) throw failure(answer);
      return toProviderRefund(answer.json as WechatRefund);
    },

    async parseRefundNotification(raw: RawNotification): Promise<ProviderRefund> {
      verifyNotificationSignature(raw.headers, raw.body, keys().platformKey, config.platformSerial, now());
      let envelope: { event_type?: unknown; resource?: EncryptedResource };
      try {
        envelope = JSON.parse(raw.body);
      } catch {
        throw new Error('退款通知格式无效');
      }
      const eventType = typeof envelope?.event_type === 'string' ? envelope.event_type : '';
      if (!eventType.startsWith('REFUND.')) throw new Error(`不是退款结果通知：${eventType || '（空）'}`);
      if (!envelope.resource || typeof envelope.resource !== 'object') throw new Error('退款通知缺少加密数据');
      let refund: WechatRefund;
      try {
        refund = JSON.parse(decryptResource(config.apiV3Key, envelope.resource));
      } catch (err) {
        throw new Error((err as Error).message.startsWith('支付通知') ? '退款通知解密失败' : '退款通知格式无效');
      }
      if (refund.mchid !== undefined && refund.mchid !== config.mchId) throw new Error('退款通知的商户号与配置不符');
      return toProviderRefund(refund);
    },
  };
}
