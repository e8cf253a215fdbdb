import type { AppRoute } from '../app/route-registry';

/** Screens of the platform itself. Login-side and console screens arrive with their issues. */
export const platformRoutes: AppRoute[] = [
  { path: '/', screen: () => import('./pages/HomePage'), meta: { requireLogin: false } },
  { path: '/404', screen: () => import('./pages/NotFoundPage'), meta: { requireLogin: false } },
  { path: '/405', screen: () => import('./pages/ForbiddenPage'), meta: { requireLogin: false } },
];
