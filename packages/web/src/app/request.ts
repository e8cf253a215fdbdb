import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalRequest, ResultCode, type TEnvelope, UPLOAD_MESSAGES } from '@shetuan/shared';
import { captchaPrompt, feedback, navigation } from './feedback';
import { session } from './session';

/** API root: the page origin plus /st365 (spec 000 §7). */
export const API_BASE = '/st365';
export const TIMEOUT_MS = 30_000;
export const LONG_TIMEOUT_MS = 100_000;
const TOAST_SECONDS = 5;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    public readonly code: number,
    message: string,
    public readonly data: unknown,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Exports and imports: 100 s instead of 30 s. */
  long?: boolean;
  signal?: AbortSignal;
  /** Leave failures to the caller (no toast): the caller shows them in place. */
  silent?: boolean;
  /** App-level calls (tenant, session, menu) survive navigation; screen calls are cancelled by it. */
  persistent?: boolean;
  /** A file answer (an export): saved under the server's file name, else this one. */
  download?: string;
  /** Set on the one retry after code 416 and the captcha. */
  captchaRetried?: boolean;
  /**
   * A call every page makes in the background (the session's tenant for the tab and header): a
   * login that no longer holds is left to the page itself (the login page forgets it quietly, a
   * console screen's own calls prompt), never prompted from here.
   */
  quietSession?: boolean;
}

/** The retry after the captcha: the verification goes with the parameters (body, or query for GET). */
function withVerification(options: RequestOptions, captchaVerification: string): RequestOptions {
  const method = options.method ?? 'GET';
  if (method === 'GET' || options.body === undefined || typeof options.body !== 'object' || options.body === null)
    return { ...options, captchaRetried: true, query: { ...options.query, captchaVerification } };
  return { ...options, captchaRetried: true, body: { ...(options.body as object), captchaVerification } };
}

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The menu path of the current screen, sent as menuUrl so the server can check and log it. */
let currentMenuUrl = '';
export function setMenuUrl(path: string): void {
  currentMenuUrl = path;
}

const pending = new Set<AbortController>();
/** Cancels the requests in flight (before each navigation, spec 000 §2). */
export function cancelPendingRequests(): void {
  for (const c of pending) c.abort(new DOMException('navigation', 'AbortError'));
  pending.clear();
}

export function sign(key: string, canonical: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(canonical)));
}

let expiryBoxOpen = false;
function confirmExpired(): void {
  if (expiryBoxOpen) return;
  expiryBoxOpen = true;
  feedback.modal.confirm({
    title: '系统提示',
    content: '登录状态已过期，您可以继续留在该页面，或者重新登录',
    okText: '重新登录',
    cancelText: '取消',
    onOk: () => {
      expiryBoxOpen = false;
      const enter = session.enterPath();
      session.clear();
      navigation.go(enter);
    },
    onCancel: () => {
      expiryBoxOpen = false;
    },
  });
}

function clearAndLeave(text: string): void {
  void feedback.message.warning(text, TOAST_SECONDS);
  const enter = session.enterPath();
  session.clear();
  navigation.go(enter);
}

/** A 401 whose msg says the token itself is invalid or wrong (the second client's 权限不足 case). */
const TOKEN_WRONG = /(token|令牌|凭证).{0,6}(无效|错误|不正确|非法|不存在)|(无效|错误|非法)的?(token|令牌|凭证)/i;
/** A 401 whose msg says the login has ended: the first client's confirm box. */
const LOGIN_ENDED = /过期|失效|请先登录|重新登录|未登录|已退出|下线/;

/**
 * Code 401 (also an HTTP 401 without our envelope), as the spec's two clients agree (docs/web.md):
 * no token in this browser → 登录过期，已返回首页 and back to the entry path; a token the server
 * calls invalid or wrong → 权限不足，请重新登录！, the login cleared, back to the entry path; a
 * login that ended → the confirm box; anything else is a refusal of the page → /405.
 */
function unauthorized(msg: string): void {
  if (!session.token()) clearAndLeave('登录过期，已返回首页');
  else if (TOKEN_WRONG.test(msg)) clearAndLeave('权限不足，请重新登录！');
  else if (LOGIN_ENDED.test(msg)) confirmExpired();
  else navigation.go('/405');
}

/** The codes that say the login no longer holds. */
const SESSION_CODES: ReadonlySet<number> = new Set([
  ResultCode.UNAUTHORIZED,
  ResultCode.SESSION_EXPIRED,
  ResultCode.SESSION_REVOKED,
  ResultCode.TOKEN_INVALID,
  ResultCode.ACCOUNT_KICKED,
]);

/** Acts on an answer's code as the spec's error catalogue says (000 §8); answers data or rejects. */
function handle<T>(body: TEnvelope<T>, silent: boolean, quietSession = false): T {
  if (body.code === ResultCode.OK && body.success !== false) return body.data;
  const error = new ApiError(body.code, body.msg, body.data);
  if (quietSession && SESSION_CODES.has(body.code)) throw error;
  switch (body.code) {
    case ResultCode.UNAUTHORIZED:
      unauthorized(body.msg ?? '');
      break;
    case ResultCode.SESSION_EXPIRED:
    case ResultCode.SESSION_REVOKED:
      if (session.token()) confirmExpired();
      else clearAndLeave('登录过期，已返回首页');
      break;
    case ResultCode.TOKEN_INVALID:
      clearAndLeave('您的登录信息已失效，请重新登录！');
      break;
    case ResultCode.ACCOUNT_KICKED:
      clearAndLeave(body.msg);
      break;
    case ResultCode.NO_PAGE_PERMISSION:
      navigation.go('/405');
      break;
    default:
      if (!silent) void feedback.message.error(body.msg || 'Error', TOAST_SECONDS);
  }
  throw error;
}

/** The one request client: every call of every module goes through here. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.query ?? {}))
    if (v !== undefined && v !== null && v !== '') query[k] = String(v);
  const raw = options.body === undefined ? '' : JSON.stringify(options.body);
  const { url, headers } = signedCall(method, path, raw, query);

  const controller = new AbortController();
  if (!options.persistent) pending.add(controller);
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    options.long ? LONG_TIMEOUT_MS : TIMEOUT_MS,
  );
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onOuterAbort);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: raw || undefined,
      signal: controller.signal,
    });
  } catch (err) {
    if (controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'AbortError') throw err;
    if (!options.silent) void feedback.message.error('服务开小差了，请稍后再试', TOAST_SECONDS);
    throw new ApiError(0, '服务开小差了，请稍后再试', null);
  } finally {
    clearTimeout(timer);
    pending.delete(controller);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
  if (options.download && res.ok && !String(res.headers.get('content-type')).includes('json')) {
    const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
    saveBlob(await res.blob(), name ? decodeURIComponent(name) : options.download);
    return undefined as T;
  }
  let body: TEnvelope<T>;
  try {
    body = (await res.json()) as TEnvelope<T>;
  } catch {
    // An HTTP 401 without our envelope (a gateway's) is a 401 all the same.
    if (res.status === 401 && !options.quietSession) {
      unauthorized('');
      throw new ApiError(401, '', null);
    }
    const text =
      res.status === 403 ? '服务器拒绝本次访问！' : res.status >= 500 ? '内部服务器错误！' : '服务开小差了，请稍后再试';
    if (!options.silent) void feedback.message.error(text, TOAST_SECONDS);
    throw new ApiError(res.status, text, null);
  }
  // 416: the slide captcha, then the same call once more with its verification (spec 000 §8).
  if (body.code === ResultCode.CAPTCHA_REQUIRED && !options.captchaRetried && captchaPrompt.ask) {
    const verification = await captchaPrompt.ask();
    if (verification) return request<T>(path, withVerification(options, verification));
  }
  return handle(body, Boolean(options.silent), Boolean(options.quietSession));
}

/** The headers and signed query of a call, as request() builds them (for XHR uploads). */
function signedCall(
  method: string,
  path: string,
  raw: string,
  query: Record<string, string> = {},
): { url: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { accept: 'application/json', isCheck: '0' };
  if (raw) headers['content-type'] = 'application/json';
  const tenantId = session.tenantId();
  if (tenantId) headers.tenantId = String(tenantId);
  if (currentMenuUrl) headers.menuUrl = encodeURIComponent(currentMenuUrl);
  const adverTenantId = sessionStorage.getItem('adverTenantId');
  if (adverTenantId) {
    headers.adverTenantId = adverTenantId;
    headers.adverCompanyId = sessionStorage.getItem('adverCompanyId') ?? '';
  }
  const token = session.token();
  const key = session.signKey();
  const apiPath = `${API_BASE}${path}`;
  if (token && key) {
    headers.token = token;
    const timestamp = String(Date.now());
    query.timestamp = timestamp;
    query.sign = sign(key, canonicalRequest(method, apiPath, query, raw, timestamp));
  }
  const qs = new URLSearchParams(query).toString();
  return { url: `${apiPath}${qs ? `?${qs}` : ''}`, headers };
}

/**
 * A multipart upload with progress (fetch has none): signed over an empty body (and the query,
 * when given), as the server checks multipart calls. Answers the envelope's data; failures reject with the server's msg.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  query: Record<string, string> = {},
): Promise<T> {
  const { url, headers } = signedCall('POST', path, '', { ...query });
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.timeout = LONG_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress((e.loaded / e.total) * 100);
    };
    // The upload itself broke (no answer, or not ours): 上传错误，请联系管理员 (the caller alerts it).
    const broken = () => reject(new ApiError(0, UPLOAD_MESSAGES.transport, null));
    xhr.onerror = broken;
    xhr.ontimeout = broken;
    xhr.onload = () => {
      let body: TEnvelope<T>;
      try {
        body = JSON.parse(xhr.responseText) as TEnvelope<T>;
      } catch {
        return broken();
      }
      try {
        resolve(handle(body, true));
      } catch (err) {
        reject(err);
      }
    };
    xhr.send(form);
  });
}

/** A PUT of a file to a presigned cloud address, with progress. */
export function putWithProgress(url: string, file: Blob, contentType: string, onProgress: (percent: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    if (contentType) xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress((e.loaded / e.total) * 100);
    };
    xhr.onerror = () => reject(new Error(UPLOAD_MESSAGES.transport));
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(UPLOAD_MESSAGES.transport));
    xhr.send(file);
  });
}

/**
 * A file the API serves with the token (never a public address), as a blob. A refusal is an
 * envelope: a download (`silent: false`) shows the server's msg, as every call does; a preview
 * (silent, the default) leaves it to the viewer's 加载失败.
 */
export async function fetchBlob(path: string, options: { silent?: boolean } = {}): Promise<Blob> {
  const silent = options.silent ?? true;
  const { url, headers } = signedCall('GET', path, '');
  const res = await fetch(url, { headers });
  if (String(res.headers.get('content-type')).includes('application/json')) {
    const body = (await res.json().catch(() => null)) as TEnvelope<unknown> | null;
    if (body && typeof body.code === 'number' && body.code !== ResultCode.OK) handle(body, silent);
    throw new ApiError(res.status, '加载失败', null);
  }
  if (!res.ok) {
    if (!silent) void feedback.message.error('文件下载失败', TOAST_SECONDS);
    throw new ApiError(res.status, '加载失败', null);
  }
  return res.blob();
}

export const api = {
  request: <T>(path: string, method: 'PUT' | 'DELETE' | 'POST', body?: unknown) => request<T>(path, { method, body }),
  /** Downloads an export (long timeout, signed like every call). */
  download: (path: string, query: RequestOptions['query'], fileName: string) =>
    request<void>(path, { method: 'GET', query, long: true, download: fileName }),
  get: <T>(path: string, query?: RequestOptions['query'], options: Omit<RequestOptions, 'query' | 'method'> = {}) =>
    request<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
};

/** Public GET used before login (the tenant look-up): same client, never signed, failures silent. */
export function apiGet<T>(path: string, query: Record<string, string> = {}, signal?: AbortSignal): Promise<T> {
  return request<T>(path, { query, signal, silent: true, persistent: true });
}
