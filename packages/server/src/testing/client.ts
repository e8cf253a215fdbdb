import { canonicalRequest } from '@shetuan/shared';
import type { TLoginData } from '@shetuan/shared/identity';
import { signRequest } from '../platform/auth/signature';
import type { AppInstance } from '../platform/http/app-types';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
// biome-ignore lint/suspicious/noExplicitAny: tests read answers of many shapes; their assertions type them
type LooseBody = { code: number; msg: string; data: any; success: boolean };

/**
 * Calls the API as the web client does: token and tenantId headers, and every authenticated
 * request signed with the session's key (timestamp and sign in the query).
 */
export class TestClient {
  token: string | null = null;
  signKey: string | null = null;
  tenantId: number | null = null;
  userId: number | null = null;

  /** Each client comes from its own address, so per-address login throttling does not cross tests. */
  readonly ip =
    `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

  constructor(
    private readonly app: AppInstance,
    private readonly host = 'localhost',
  ) {}

  async call(
    method: Method,
    url: string,
    body?: unknown,
    options: { sign?: boolean; timestamp?: number; headers?: Record<string, string>; sendInstead?: unknown } = {},
  ) {
    const [path = url, qs = ''] = url.split('?');
    const query: Record<string, string> = Object.fromEntries(new URLSearchParams(qs));
    const raw = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = { host: this.host, ...options.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.tenantId) headers.tenantid = String(this.tenantId);
    if (this.token) {
      headers.token = this.token;
      if (options.sign !== false && this.signKey) {
        const timestamp = String(options.timestamp ?? Date.now());
        query.timestamp = timestamp;
        query.sign = signRequest(this.signKey, canonicalRequest(method, path, query, raw, timestamp));
      }
    }
    const search = new URLSearchParams(query).toString();
    const res = await this.app.inject({
      method,
      url: `${path}${search ? `?${search}` : ''}`,
      headers,
      payload: options.sendInstead !== undefined ? JSON.stringify(options.sendInstead) : raw || undefined,
      remoteAddress: this.ip,
    });
    return {
      status: res.statusCode,
      body: (String(res.headers['content-type']).includes('json') ? res.json() : null) as LooseBody,
      raw: res,
    };
  }

  /** A multipart upload, signed as the browser signs it (over an empty body). */
  async upload(url: string, form: FormData) {
    const res = new Response(form);
    const payload = Buffer.from(await res.arrayBuffer());
    const [path = url, qs = ''] = url.split('?');
    const query: Record<string, string> = Object.fromEntries(new URLSearchParams(qs));
    const headers: Record<string, string> = {
      host: this.host,
      'content-type': res.headers.get('content-type') ?? 'multipart/form-data',
    };
    if (this.tenantId) headers.tenantid = String(this.tenantId);
    if (this.token && this.signKey) {
      headers.token = this.token;
      query.timestamp = String(Date.now());
      query.sign = signRequest(this.signKey, canonicalRequest('POST', path, query, '', query.timestamp));
    }
    const out = await this.app.inject({
      method: 'POST',
      url: `${path}?${new URLSearchParams(query)}`,
      headers,
      payload,
      remoteAddress: this.ip,
    });
    return { status: out.statusCode, body: out.json() as LooseBody, raw: out };
  }

  put = (url: string, body: unknown = {}, options?: Parameters<TestClient['call']>[3]) =>
    this.call('PUT', url, body, options);
  delete = (url: string, options?: Parameters<TestClient['call']>[3]) => this.call('DELETE', url, undefined, options);
  get = (url: string, options?: Parameters<TestClient['call']>[3]) => this.call('GET', url, undefined, options);
  post = (url: string, body: unknown = {}, options?: Parameters<TestClient['call']>[3]) =>
    this.call('POST', url, body, options);

  adopt(data: TLoginData): void {
    this.token = data.token;
    this.signKey = data.signKey;
    this.tenantId = data.tenantId;
    this.userId = data.userId;
  }

  /** Password login; keeps the session. Answers the raw envelope. */
  async login(login: string, password: string) {
    const res = await this.post('/st365/auth/login/password', { login, password });
    if (res.body.success) this.adopt(res.body.data);
    return res;
  }

  /** Password login, then the status check, then identity login when it is direct or one is given. */
  async loginAs(login: string, password: string, identityId?: number) {
    const res = await this.login(login, password);
    if (!res.body.success) throw new Error(`login failed: ${res.body.msg}`);
    const status = await this.post('/st365/auth/status', {
      userId: this.userId,
      ...(identityId ? { identityId } : {}),
    });
    const target = identityId ?? status.body.data.identityId;
    if (target) {
      const idLogin = await this.post('/st365/auth/login/identity', { identityId: target });
      if (!idLogin.body.success) throw new Error(`identity login failed: ${idLogin.body.msg}`);
      this.adopt(idLogin.body.data);
    }
    return status.body.data as { pageType: number; identityId: number | null; canEnter: boolean; msg: string | null };
  }
}
