import { createHash, createHmac } from 'node:crypto';
import { noticeTemplateMissing, type SmsMessage, type SmsProvider, type SmsResult } from './provider';

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** The template of verification codes: {1} the code, {2} the minutes it is valid. */
  templateId: string;
  /** The template of notices: {1} the whole text. None: notices fail. */
  noticeTemplateId?: string | undefined;
  region?: string;
  host?: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();

export const TENCENT_CONTENT_TYPE = 'application/json; charset=utf-8';

/** TC3-HMAC-SHA256 (Tencent Cloud API 3.0): the Authorization header of a JSON POST to '/'. */
export function tc3Authorization(input: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  payload: string;
  timestamp: number;
}): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${TENCENT_CONTENT_TYPE}\nhost:${input.host}\n`,
    signedHeaders,
    sha256(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256(canonicalRequest)].join('\n');
  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretService = hmac(secretDate, input.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Tencent Cloud SMS (SendSms, 2021-01-11). */
export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  constructor(
    private readonly config: TencentSmsConfig,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  request(message: SmsMessage): { url: string; init: RequestInit & { headers: Record<string, string>; body: string } } {
    const host = this.config.host ?? 'sms.tencentcloudapi.com';
    const timestamp = this.clock();
    const notice = message.template === 'notice';
    const body = JSON.stringify({
      PhoneNumberSet: [`+86${message.phone}`],
      SmsSdkAppId: this.config.sdkAppId,
      SignName: this.config.signName,
      TemplateId: (notice ? this.config.noticeTemplateId : this.config.templateId) ?? '',
      TemplateParamSet: notice ? [message.params.content ?? ''] : [message.params.code ?? '', '5'],
    });
    const headers = {
      Authorization: tc3Authorization({
        secretId: this.config.secretId,
        secretKey: this.config.secretKey,
        service: 'sms',
        host,
        payload: body,
        timestamp,
      }),
      'Content-Type': TENCENT_CONTENT_TYPE,
      Host: host,
      'X-TC-Action': 'SendSms',
      'X-TC-Version': '2021-01-11',
      'X-TC-Timestamp': String(timestamp),
      'X-TC-Region': this.config.region ?? 'ap-guangzhou',
    };
    return { url: `https://${host}/`, init: { method: 'POST', headers, body } };
  }

  async send(message: SmsMessage): Promise<SmsResult> {
    if (message.template === 'notice' && !this.config.noticeTemplateId)
      return noticeTemplateMissing('TENCENT_SMS_NOTICE_TEMPLATE_ID');
    try {
      const { url, init } = this.request(message);
      const res = await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as {
        Response?: {
          Error?: { Code: string; Message: string };
          SendStatusSet?: { Code: string; Message: string; SerialNo?: string }[];
        };
      };
      const error = body.Response?.Error;
      if (error) return { ok: false, error: `${error.Code}: ${error.Message}` };
      const status = body.Response?.SendStatusSet?.[0];
      if (status?.Code === 'Ok') return { ok: true, ...(status.SerialNo ? { providerId: status.SerialNo } : {}) };
      return { ok: false, error: `${status?.Code ?? res.status}: ${status?.Message ?? ''}` };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  }
}
