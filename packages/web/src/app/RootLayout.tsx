import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useConsoleHead } from '../platform/auth/api';
import { applyTenantHead } from '../platform/tenant';

/** Runs on every navigation: tenant title and icon, scroll back to the top (spec 000, section 2). */
export function RootLayout() {
  const head = useConsoleHead();
  const { pathname } = useLocation();
  // A layout effect, so a kept-alive page can put its scroll position back afterwards (KeepAliveOutlet).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation (pathname) by design
  useLayoutEffect(() => {
    applyTenantHead(head);
    window.scrollTo(0, 0);
  }, [head.companyName, head.icon, pathname]);
  return <Outlet />;
}
