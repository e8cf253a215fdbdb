/** A message to send: the provider's template and its parameters, and the text as a person reads it. */
export interface SmsMessage {
  phone: string;
  template: 'verify-code';
  params: Record<string, string>;
  content: string;
}

export type SmsResult = { ok: true; providerId?: string } | { ok: false; error: string };

/** Where SMS go. The default (dev) only records them; Aliyun and Tencent Cloud send them. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsResult>;
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
