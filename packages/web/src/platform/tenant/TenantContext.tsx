import type { TUcTenant } from '@shetuan/shared/tenant';
import { createContext, useContext } from 'react';

export const TenantContext = createContext<TUcTenant | null>(null);

/** The tenant of this page; every screen renders inside TenantGate, so it is always there. */
export function useTenant(): TUcTenant {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error('useTenant outside TenantGate');
  return tenant;
}
