import type { TEnvelope } from '@shetuan/shared';

/** API root: the page origin plus /st365 (spec 000, section 7). */
export const API_BASE = '/st365';

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

/**
 * GET a public API path and unwrap the envelope: resolves to data on success, rejects with
 * ApiError(code, msg, data) otherwise. The console-shell issue grows this into the one request
 * client with the spec's full error handling; every call goes through here.
 */
export async function apiGet<T>(path: string, query: Record<string, string> = {}, signal?: AbortSignal): Promise<T> {
  const qs = new URLSearchParams(query).toString();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${qs ? `?${qs}` : ''}`, { headers: { accept: 'application/json' }, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, '服务开小差了，请稍后再试', null);
  }
  let body: TEnvelope<T>;
  try {
    body = (await res.json()) as TEnvelope<T>;
  } catch {
    throw new ApiError(res.status, res.status >= 500 ? '内部服务器错误！' : '服务开小差了，请稍后再试', null);
  }
  if (!body.success) throw new ApiError(body.code, body.msg, body.data);
  return body.data;
}
