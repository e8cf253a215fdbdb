import { createHmac, randomUUID } from 'node:crypto';
import { noticeTemplateMissing, type SmsMessage, type SmsProvider, type SmsResult } from './provider';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** The template of verification codes; its variable is ${code}. */
  templateCode: string;
  /** The template of notices; its one variable is ${content}, the whole text. None: notices fail. */
  noticeTemplateCode?: string | undefined;
  endpoint?: string;
  regionId?: string;
}

/** RFC 3986 encoding as Aliyun's RPC signature wants it (space %20, * %2A, ~ kept). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** ISO 8601 UTC without milliseconds, as the RPC API wants it. */
export const aliyunTimestamp = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Signs RPC parameters (signature version 1.0, HMAC-SHA1): the sorted, encoded query is the
 * StringToSign 'GET&%2F&' + encode(query); the key is the secret plus '&'.
 */
export function aliyunSign(params: Record<string, string>, secret: string, method = 'GET'): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Aliyun SMS (dysmsapi SendSms, 2017-05-25). */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly clock: () => { now: Date; nonce: string } = () => ({ now: new Date(), nonce: randomUUID() }),
  ) {}

  requestUrl(message: SmsMessage): string {
    const { now, nonce } = this.clock();
    const params: Record<string, string> = {
      AccessKeyId: this.config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phone,
      RegionId: this.config.regionId ?? 'cn-hangzhou',
      SignName: this.config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: (message.template === 'notice' ? this.config.noticeTemplateCode : this.config.templateCode) ?? '',
      TemplateParam: JSON.stringify(message.params),
      Timestamp: aliyunTimestamp(now),
      Version: '2017-05-25',
    };
    const signature = aliyunSign(params, this.config.accessKeySecret);
    const query = Object.entries({ Signature: signature, ...params })
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    return `${this.config.endpoint ?? 'https://dysmsapi.aliyuncs.com'}/?${query}`;
  }

  async send(message: SmsMessage): Promise<SmsResult> {
    if (message.template === 'notice' && !this.config.noticeTemplateCode)
      return noticeTemplateMissing('ALIYUN_SMS_NOTICE_TEMPLATE_CODE');
    try {
      const res = await this.fetchImpl(this.requestUrl(message), {
        method: 'GET',
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { Code?: string; Message?: string; BizId?: string };
      if (body.Code === 'OK') return { ok: true, ...(body.BizId ? { providerId: body.BizId } : {}) };
      return { ok: false, error: `${body.Code ?? res.status}: ${body.Message ?? ''}` };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  }
}
