import { ResultCode } from '@shetuan/shared';
import {
  DEFAULT_TENANT_LOGO,
  isLoopbackHost,
  normaliseDomain,
  TENANT_INCOMPLETE_MSG,
  type TTenantLookupFailure,
  type TUcTenant,
} from '@shetuan/shared/tenant';
import type { AppDatabase } from '../db';
import { AppError } from '../http/errors';
import { findDefaultTenant, findTenantByDomain, type TenantRow } from './repository';

const KNOWN_CUSTOM_TYPES = new Set([0, 14, 20, 31, 34]);

export function toUcTenant(row: TenantRow): TUcTenant {
  const useDefaultLogo = row.companyId === 1 || !row.icon;
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    companyType: row.companyType,
    icon: useDefaultLogo ? DEFAULT_TENANT_LOGO : (row.icon ?? DEFAULT_TENANT_LOGO),
    mobileDomain: row.mobileDomain,
    customType: (KNOWN_CUSTOM_TYPES.has(row.customType) ? row.customType : 0) as TUcTenant['customType'],
  };
}

/**
 * Domains this process has found a tenant for, kept LOOKUP_TTL_MS: every public request (login,
 * the tenant look-up of each page load, a public form, a payment notification) finds its tenant
 * without a statement. A change of tenants on this server forgets them all at once; other servers
 * see it within LOOKUP_TTL_MS. Unknown domains are not kept (a tenant opened a moment later is found
 * at once), and at most LOOKUP_MAX domains are.
 */
const LOOKUP_TTL_MS = 10_000;
const LOOKUP_MAX = 10_000;
const lookups = new WeakMap<AppDatabase, Map<string, { until: number; generation: number; row: TenantRow }>>();
let generation = 0;

/** Called when tenants or their domains change: every process-local look-up is read again. */
export function forgetTenantLookups(): void {
  generation += 1;
}

async function cachedTenantRow(db: AppDatabase, domain: string): Promise<TenantRow | undefined> {
  let cache = lookups.get(db);
  if (!cache) {
    cache = new Map();
    lookups.set(db, cache);
  }
  const hit = cache.get(domain);
  if (hit && hit.generation === generation && hit.until > Date.now()) return hit.row;
  const seenAt = generation;
  const row = await db.withGlobal(async (g) => {
    const byDomain = await findTenantByDomain(g, domain);
    if (byDomain || !isLoopbackHost(domain)) return byDomain;
    return findDefaultTenant(g);
  });
  if (row) {
    if (cache.size >= LOOKUP_MAX) cache.clear();
    cache.set(domain, { until: Date.now() + LOOKUP_TTL_MS, generation: seenAt, row });
  } else cache.delete(domain);
  return row;
}

/**
 * Finds the enabled tenant a domain is opened on. localhost and 127.0.0.1 fall back to the
 * default tenant when no tenant claims them. Unknown and disabled domains answer 租户信息不完整.
 */
export async function lookupTenant(db: AppDatabase, rawDomain: string): Promise<TUcTenant> {
  const domain = normaliseDomain(rawDomain);
  const row = await cachedTenantRow(db, domain);
  if (!row) {
    throw new AppError(ResultCode.FAILED, TENANT_INCOMPLETE_MSG, {
      reason: 'DOMAIN_UNKNOWN',
      domain,
    } satisfies TTenantLookupFailure);
  }
  if (row.status !== 1) {
    throw new AppError(ResultCode.FAILED, TENANT_INCOMPLETE_MSG, {
      reason: 'TENANT_DISABLED',
      domain,
    } satisfies TTenantLookupFailure);
  }
  return toUcTenant(row);
}
