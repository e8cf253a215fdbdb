import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { loadChunk } from './chunk-reload';
import { session } from './session';

const ConsoleLayout = lazy(() => loadChunk(() => import('../platform/layout/ConsoleLayout')));

/**
 * The frame of 找不到页面 (an unknown path): the console's menu and header around it for a
 * logged-in person, who goes on from there; the page alone for a visitor.
 */
export function NotFoundFrame() {
  if (!session.isLoggedIn()) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <ConsoleLayout />
    </Suspense>
  );
}
