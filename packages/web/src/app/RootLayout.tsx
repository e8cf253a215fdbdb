import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { applyTenantHead, useTenant } from '../platform/tenant';

/** Runs on every navigation: tenant title and icon, scroll back to the top (spec 000, section 2). */
export function RootLayout() {
  const tenant = useTenant();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation (pathname) by design
  useEffect(() => {
    applyTenantHead(tenant);
    window.scrollTo(0, 0);
  }, [tenant, pathname]);
  return <Outlet />;
}
