import { redirectTargetOf } from '@shetuan/shared';
import type { TMenuItem } from '@shetuan/shared/identity';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { WEB_MODULES } from '../modules';
import { memberEntry, redirectTarget } from '../platform/auth/flow';
import { platformRoutes } from '../platform/routes';
import { loadChunk } from './chunk-reload';
import { navigation } from './feedback';
import { NotFoundFrame } from './NotFoundFrame';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { cancelPendingRequests, setMenuUrl } from './request';
import { type AppRoute, registeredRoutes, registerRoutes } from './route-registry';
import { session } from './session';
import { installWebModuleIcons } from './web-module';

registerRoutes(platformRoutes);
for (const module of WEB_MODULES) registerRoutes(module.routes);
installWebModuleIcons(WEB_MODULES);

function toRouteObject(route: AppRoute): RouteObject {
  return {
    path: route.path,
    handle: route.meta,
    loader: route.meta.requireLogin
      ? async (args) => {
          const target = await loginGuard(args.request);
          if (target === null) route.meta.onEnter?.();
          return target;
        }
      : route.meta.onEnter
        ? () => {
            route.meta.onEnter?.();
            return null;
          }
        : undefined,
    lazy: async () => ({ Component: (await loadChunk(route.screen)).default }),
  };
}

/** requireLogin: a visitor goes to /login with the entry remembered as the callback; null lets the route in. */
async function loginGuard(request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  if (url.searchParams.has('memberToken')) {
    const target = await memberEntry(url).catch(() => null);
    if (target) return redirect(target);
    session.clear();
    return redirect('/login');
  }
  if (session.isLoggedIn()) return null;
  const path = url.pathname.replace(/^\/new/, '') || '/';
  // The spec's callback: where to go once logged in (the root needs none).
  if (path !== '/') session.setCallback(`${path}${url.search}`);
  return redirect('/login');
}

/** Base /new/, history mode; every screen is a lazy chunk; unknown paths show 找不到页面. */
export function createAppRouter() {
  const routes = registeredRoutes();
  const router = createBrowserRouter(
    [
      {
        element: <RootLayout />,
        errorElement: <RouteError />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              ...routes.filter((r) => r.layout !== 'console').map(toRouteObject),
              {
                lazy: async () => ({
                  Component: (await loadChunk(() => import('../platform/layout/ConsoleLayout'))).default,
                }),
                children: routes.filter((r) => r.layout === 'console').map(toRouteObject),
              },
              {
                path: '/redirect',
                loader: () => redirect(session.isLoggedIn() ? redirectTarget(session.menuList<TMenuItem>()) : '/login'),
              },
              {
                // Needs no login: the target screen's own guard asks for one (spec 001 §2.0).
                path: '/redirect/:type',
                loader: ({ params, request }) => {
                  const target = redirectTargetOf(params.type ?? '', new URL(request.url).search);
                  return redirect(target ?? '/404');
                },
              },
              {
                // 找不到页面, inside the console for a logged-in person (NotFoundFrame).
                Component: NotFoundFrame,
                children: [
                  {
                    path: '*',
                    lazy: async () => ({
                      Component: (await loadChunk(() => import('../platform/pages/NotFoundPage'))).default,
                    }),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
    { basename: '/new' },
  );
  navigation.go = (path) => {
    void router.navigate(path);
  };
  // Before each navigation: cancel requests in flight, record the path as the menuUrl (spec 000 §2).
  let last = router.state.location.pathname;
  setMenuUrl(last);
  router.subscribe((state) => {
    if (state.navigation.state === 'loading' && state.navigation.location.pathname !== last) {
      cancelPendingRequests();
    }
    if (state.navigation.state === 'idle' && state.location.pathname !== last) {
      last = state.location.pathname;
      setMenuUrl(last);
    }
  });
  return router;
}
