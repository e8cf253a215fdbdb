/**
 * The kinds of SMS the product sends, each a template approved at the provider: verify-code (its
 * variable the code) and notice, a general notification whose single variable is the whole text
 * (Aliyun `${content}`, Tencent `{1}`).
 */
export type SmsTemplate = 'verify-code' | 'notice';

/** A message to send: the provider's template and its parameters, and the text as a person reads it. */
export interface SmsMessage {
  phone: string;
  template: SmsTemplate;
  /** verify-code: { code }; notice: { content }. */
  params: Record<string, string>;
  content: string;
}

export type SmsResult =
  | { ok: true; providerId?: string }
  /** permanent: trying again cannot help (the template is not configured), so nobody should. */
  | { ok: false; error: string; permanent?: boolean };

/** Where SMS go. The default (dev) only records them; Aliyun and Tencent Cloud send them. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsResult>;
}

/** The answer of a real provider asked for a notice without a notice template configured. */
export function noticeTemplateMissing(variable: string): SmsResult {
  return { ok: false, permanent: true, error: `未配置通知短信模板（${variable}），通知短信未发送` };
}

/** Development provider: the outbox row is the delivery; the log line shows the code. */
export class OutboxOnlyProvider implements SmsProvider {
  readonly name = 'dev';
  constructor(private readonly log: (line: string) => void) {}
  async send(message: SmsMessage): Promise<SmsResult> {
    this.log(`SMS to ${message.phone}: ${message.content}`);
    return { ok: true };
  }
}
