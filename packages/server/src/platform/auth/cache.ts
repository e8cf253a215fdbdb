import { SIGNATURE_WINDOW_MS } from '@shetuan/shared';
import type { AppDatabase } from '../db';
import { clearUsedSignatures } from './repository';

/**
 * What an app server keeps in memory between requests, per database handle (one per process; two
 * app instances in one test have two). Nothing here decides alone whether a request may proceed:
 *  - sign keys: immutable for a session's life, so the HMAC is checked before the database is
 *    asked; whether the session is still open is read on every request (app_authenticate);
 *  - grants: an identity's menu paths and function points, tagged with the tenant's grant
 *    version; every request reads the current version in the same statement, and a different one
 *    brings fresh grants with it (migration 0023), so a role change holds at once on every server;
 *  - used signatures, on the embedded database only (one process, so memory is exact).
 */
export interface CachedGrants {
  version: number;
  roleIds: number[];
  paths: Set<string>;
  functions: Set<string>;
}

interface SessionKey {
  tenantId: number;
  /** The token's SHA-256 (what the database knows the session by), so it is not hashed again. */
  tokenHash: string;
  signKey: string;
  identityId: number | null;
  /** When this server last let the statement touch last_seen_at (it does so once a minute). */
  touchedAt: number;
}

/** Entries before a cache starts over (a bound, not a policy: a miss costs one statement). */
const MAX_ENTRIES = 100_000;

export class AuthCache {
  /** By the token itself (a request's key needs no string built and no hash computed). */
  private readonly sessions = new Map<string, SessionKey>();
  /** By tenant, then identity. */
  private readonly grants = new Map<number, Map<number, CachedGrants>>();
  private grantCount = 0;
  private readonly signatures = new Map<string, number>();

  /** The session of a token as this server last verified it, when it was under this tenant. */
  session(tenantId: number, token: string): SessionKey | undefined {
    const found = this.sessions.get(token);
    return found?.tenantId === tenantId ? found : undefined;
  }

  rememberSession(token: string, value: SessionKey): void {
    if (this.sessions.size >= MAX_ENTRIES) this.sessions.clear();
    this.sessions.set(token, value);
  }

  grantsOf(tenantId: number, identityId: number): CachedGrants | undefined {
    return this.grants.get(tenantId)?.get(identityId);
  }

  rememberGrants(tenantId: number, identityId: number, value: CachedGrants): void {
    if (this.grantCount >= MAX_ENTRIES) {
      this.grants.clear();
      this.grantCount = 0;
    }
    let ofTenant = this.grants.get(tenantId);
    if (!ofTenant) {
      ofTenant = new Map();
      this.grants.set(tenantId, ofTenant);
    }
    if (!ofTenant.has(identityId)) this.grantCount += 1;
    ofTenant.set(identityId, value);
  }

  /** Embedded database: true the first time a signature is seen (kept until it could no longer pass). */
  claimSignature(tenantId: number, sign: string, keepUntil: number): boolean {
    const key = `${tenantId}:${sign}`;
    if (this.signatures.has(key)) return false;
    this.signatures.set(key, keepUntil);
    return true;
  }

  /** Drops used signatures past their window (the job worker calls this, never a request). */
  clearExpiredSignatures(now = Date.now()): number {
    let n = 0;
    for (const [key, until] of this.signatures) {
      if (until <= now) {
        this.signatures.delete(key);
        n += 1;
      }
    }
    return n;
  }
}

const caches = new WeakMap<AppDatabase, AuthCache>();

export function authCache(db: AppDatabase): AuthCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AuthCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * How long a used signature is kept: until its timestamp leaves the window (checkSignature), plus
 * a minute for clocks of app servers that differ.
 */
export const signatureKeptUntil = (timestamp: number) => timestamp + SIGNATURE_WINDOW_MS + 60_000;

/**
 * Clears used signatures past their window: the unlogged table on PostgreSQL, tenant by tenant
 * (app_clear_used_signatures, migration 0023), memory on PGlite.
 */
export async function clearExpiredSignatures(db: AppDatabase): Promise<number> {
  if (db.kind === 'pglite') return authCache(db).clearExpiredSignatures();
  return clearUsedSignatures(db);
}
