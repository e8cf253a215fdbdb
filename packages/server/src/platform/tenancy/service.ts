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
 * Finds the enabled tenant a domain is opened on. localhost and 127.0.0.1 fall back to the
 * default tenant when no tenant claims them. Unknown and disabled domains answer 租户信息不完整.
 */
export async function lookupTenant(db: AppDatabase, rawDomain: string): Promise<TUcTenant> {
  const domain = normaliseDomain(rawDomain);
  const row = await db.withGlobal(async (g) => {
    const byDomain = await findTenantByDomain(g, domain);
    if (byDomain || !isLoopbackHost(domain)) return byDomain;
    return findDefaultTenant(g);
  });
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
