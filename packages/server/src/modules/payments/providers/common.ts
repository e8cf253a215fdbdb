import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

/**
 * What WeChat Pay and Alipay share: RSA keys as the consoles hand them out, SHA256withRSA, the
 * China Standard Time both APIs write their times in, and the error their HTTP calls throw.
 */

/**
 * A refusal or failure answered by a provider's API (not a notification: those throw plain Error).
 * `code` is the provider's own code (WeChat `PARAM_ERROR`, Alipay `ACQ.TRADE_HAS_SUCCESS` or the
 * HTTP status), so the service can log it and decide whether trying again can help. `refused` says
 * the provider answered, verifiably, that it did not do what was asked (WeChat Pay a 4xx, Alipay a
 * business failure other than ACQ.SYSTEM_ERROR): a refund so refused was definitely not made. Any
 * other failure (a timeout, the network, a 5xx, an answer that does not verify) leaves the outcome
 * unknown.
 */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly code: string,
    readonly httpStatus?: number,
    readonly refused = false,
  ) {
    super(message);
  }
}

const derFrom = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'base64');

/**
 * A private key from its PEM (PKCS#8 `BEGIN PRIVATE KEY`, WeChat's apiclient_key.pem, or PKCS#1
 * `BEGIN RSA PRIVATE KEY`) or from the bare base64 the Alipay key tool shows (PKCS#8 or PKCS#1
 * DER), so a key pasted into the configuration without its armour still works.
 */
export function privateKeyFrom(text: string): KeyObject {
  if (text.includes('-----BEGIN')) return createPrivateKey(text);
  try {
    return createPrivateKey({ key: derFrom(text), format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: derFrom(text), format: 'der', type: 'pkcs1' });
  }
}

/**
 * A public key from its PEM (SPKI `BEGIN PUBLIC KEY`, PKCS#1, or an X.509 certificate: WeChat's
 * platform certificate) or from bare base64 SPKI (how Alipay's console shows its public key).
 */
export function publicKeyFrom(text: string): KeyObject {
  // createPublicKey would take a private key too (and derive its public half): a pasting mistake.
  if (text.includes('PRIVATE KEY')) throw new Error('expected a public key, got a private one');
  if (text.includes('-----BEGIN')) return createPublicKey(text);
  return createPublicKey({ key: derFrom(text), format: 'der', type: 'spki' });
}

/**
 * Loads an RSA key, turning whatever went wrong into `message`, which names the setting to fix
 * (the underlying OpenSSL error says nothing to an administrator).
 */
export function rsaKey(load: () => KeyObject, message: string): KeyObject {
  let key: KeyObject;
  try {
    key = load();
  } catch {
    throw new Error(message);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error(message);
  return key;
}

/** SHA256withRSA (RSASSA-PKCS1-v1_5), base64: the signature both providers use (RSA2 at Alipay). */
export function rsaSha256Sign(message: string, privateKey: KeyObject | string): string {
  const key = typeof privateKey === 'string' ? privateKeyFrom(privateKey) : privateKey;
  return sign('sha256', Buffer.from(message, 'utf8'), key).toString('base64');
}

/** Checks a base64 SHA256withRSA signature; false (never a throw) for anything malformed. */
export function rsaSha256Verify(message: string, signatureBase64: string, publicKey: KeyObject | string): boolean {
  try {
    const key = typeof publicKey === 'string' ? publicKeyFrom(publicKey) : publicKey;
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signatureBase64)) return false;
    return verify('sha256', Buffer.from(message, 'utf8'), key, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The wall-clock fields of a moment in China Standard Time (UTC+8 all year, no daylight saving),
 * which both providers expect whatever the server's own time zone is.
 */
export function chinaTime(date: Date): { date: string; time: string } {
  const d = new Date(date.getTime() + 8 * 3_600_000);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
  };
}

/**
 * Reads 'yyyy-MM-dd HH:mm:ss' as China Standard Time (Alipay's gmt_payment, send_pay_date).
 * Null for an empty or malformed value: a payment time is informative, never worth refusing for.
 */
export function parseChinaTime(text: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Refuses an amount that cannot be a payment: fen are positive safe integers. */
export function assertFen(amountFen: number, what = '金额'): void {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new Error(`${what}无效：${amountFen}`);
}

/** Headers with lower-case names, whatever the caller passed (RawNotification, fetch Headers). */
export function lowerCaseHeaders(headers: Record<string, string | undefined> | Headers): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((value, name) => {
      out[name.toLowerCase()] = value;
    });
    return out;
  }
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}
