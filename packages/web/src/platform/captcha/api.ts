import type { TCaptchaAnswer, TCaptchaType } from '@shetuan/shared/captcha';
import { API_BASE } from '../../app/request';
import { session } from '../../app/session';
import { type ApiBody, routePath } from '../../app/typed-api';

/**
 * The captcha calls answer AJ-Captcha's shape (repCode, repMsg, repData: the routes' response
 * schema, `ZCaptchaAnswer`), not the envelope, and need no login: they go straight to fetch, with
 * the tenant the page belongs to. The addresses and bodies are the routes'.
 */
async function call(path: string, body: unknown): Promise<TCaptchaAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  const tenantId = session.tenantId();
  if (tenantId) headers.tenantId = String(tenantId);
  try {
    const res = await fetch(`${API_BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as TCaptchaAnswer & { msg?: string };
    if (typeof json.repCode === 'string') return json;
    return { repCode: 'error', repMsg: json.msg ?? '服务开小差了，请稍后再试', repData: null, success: false };
  } catch {
    return { repCode: 'error', repMsg: '服务开小差了，请稍后再试', repData: null, success: false };
  }
}

export const captchaApi = {
  get: (captchaType: TCaptchaType) =>
    call(routePath('post', '/captcha/get'), { captchaType } satisfies ApiBody<'post', '/captcha/get'>),
  check: (body: ApiBody<'post', '/captcha/check'>) => call(routePath('post', '/captcha/check'), body),
};
