import { createHmac } from 'node:crypto';
import { canonicalRequest } from '@shetuan/shared';
import { DEMO_PASSWORD } from './console';

/** The API as the web client calls it (token, tenant and a signed query), from the test process. */
export function apiClient(baseUrl: string) {
  let session: { token: string; signKey: string; tenantId: number; userId: number } | null = null;
  // An operations super administrator acting as another tenant (代管): sent as adverTenantId.
  let acting: number | null = null;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads answers of a few shapes
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const query: Record<string, string> = {};
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (session) {
      headers.token = session.token;
      headers.tenantid = String(session.tenantId);
      if (acting !== null) headers.advertenantid = String(acting);
      query.timestamp = String(Date.now());
      query.sign = createHmac('sha256', session.signKey)
        .update(canonicalRequest(method, path, query, raw, query.timestamp))
        .digest('hex');
    }
    const res = await fetch(`${baseUrl}${path}?${new URLSearchParams(query)}`, {
      method,
      headers,
      body: raw || undefined,
    });
    return res.json();
  };
  return {
    call,
    async login(login: string) {
      const first = await call('POST', '/st365/auth/login/password', { login, password: DEMO_PASSWORD });
      session = first.data;
      const status = await call('POST', '/st365/auth/status', { userId: first.data.userId });
      const identity = await call('POST', '/st365/auth/login/identity', { identityId: status.data.identityId });
      session = identity.data;
    },
    /** Later calls act as this tenant (an operations super administrator), or as its own again with null. */
    actAs(tenantId: number | null) {
      acting = tenantId;
    },
  };
}
