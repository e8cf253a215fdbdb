import type { AppDatabase } from '../db';
import { upgradeTenantMenu } from '../rbac';
import { allTenantIds } from './repository';

/**
 * Brings every tenant's data up to what this release seeds for a new tenant: today the default
 * menu (rbac menuAdditions). Runs at start after the migrations; each tenant in its own
 * transaction under its own RLS. Returns the tenants changed and the menu keys each got.
 */
export async function upgradeTenants(db: AppDatabase): Promise<{ tenantId: number; menuKeys: string[] }[]> {
  const ids = await db.withGlobal(allTenantIds);
  const changed: { tenantId: number; menuKeys: string[] }[] = [];
  for (const id of ids) {
    const menuKeys = await db.withTenant(id, (tx) => upgradeTenantMenu(tx, id));
    if (menuKeys.length > 0) changed.push({ tenantId: id, menuKeys });
  }
  return changed;
}
