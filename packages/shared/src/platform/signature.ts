/** A signature older or newer than this is refused (ARCHITECTURE.md, deliberate departures). */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

/**
 * The text a request's sign is the HMAC-SHA256 of, keyed by the session's signKey: method, path
 * (without the query), the query sorted by name without sign, the raw body ('' when none) and the
 * timestamp, one per line. The server (node:crypto) and the browser (Web Crypto) share this.
 */
export function canonicalRequest(
  method: string,
  path: string,
  query: Record<string, unknown>,
  body: string,
  timestamp: string,
): string {
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(query)) {
    if (k === 'sign' || v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) pairs.push([k, String(x)]);
    else pairs.push([k, String(v)]);
  }
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const qs = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return [method.toUpperCase(), path, qs, body, timestamp].join('\n');
}
