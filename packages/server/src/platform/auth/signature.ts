import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalRequest, SIGNATURE_WINDOW_MS } from '@shetuan/shared';

export function signRequest(key: string, canonical: string): string {
  return createHmac('sha256', key).update(canonical).digest('hex');
}

export type SignatureProblem = 'missing' | 'stale' | 'invalid';

export function checkSignature(
  key: string,
  parts: { method: string; path: string; query: Record<string, unknown>; body: string },
  now = Date.now(),
): SignatureProblem | null {
  const timestamp = parts.query.timestamp;
  const sign = parts.query.sign;
  if (typeof timestamp !== 'string' || typeof sign !== 'string' || !/^\d{10,16}$/.test(timestamp)) return 'missing';
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_MS) return 'stale';
  const expected = signRequest(key, canonicalRequest(parts.method, parts.path, parts.query, parts.body, timestamp));
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(/^[0-9a-f]+$/i.test(sign) ? sign : '', 'hex');
  if (a.length !== b.length || !timingSafeEqual(a, b)) return 'invalid';
  return null;
}
