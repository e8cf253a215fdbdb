import { createHash, randomBytes } from 'node:crypto';

/** An opaque session token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The per-session HMAC key the client signs requests with. */
export function newSignKey(): string {
  return randomBytes(32).toString('base64url');
}

/** A numeric SMS code of the given length. */
export function newNumericCode(length = 6): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const b of bytes) code += String(b % 10);
  return code;
}
