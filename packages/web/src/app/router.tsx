import { createBrowserRouter, type RouteObject } from 'react-router';
import { platformRoutes } from '../platform/routes';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { registeredRoutes, registerRoutes } from './route-registry';

registerRoutes(platformRoutes);

function toRouteObjects(): RouteObject[] {
  return registeredRoutes().map((route) => ({
    path: route.path,
    handle: route.meta,
    lazy: async () => ({ Component: (await route.screen()).default }),
  }));
}

/** Base /new/, history mode; every screen is a lazy chunk; unknown paths show 找不到页面. */
export function createAppRouter() {
  return createBrowserRouter(
    [
      {
        element: <RootLayout />,
        errorElement: <RouteError />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              ...toRouteObjects(),
              {
                path: '*',
                lazy: async () => ({ Component: (await import('../platform/pages/NotFoundPage')).default }),
              },
            ],
          },
        ],
      },
    ],
    { basename: '/new' },
  );
}
