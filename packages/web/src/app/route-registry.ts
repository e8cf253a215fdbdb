import type { ComponentType } from 'react';

/** A breadcrumb entry; entries with a path are links (spec 001, section 2.0). */
export interface Crumb {
  name: string;
  path?: string;
}

/** The spec's route metadata (001, section 2.0). */
export interface RouteMeta {
  requireLogin: boolean;
  keepAlive?: boolean;
  /** The menu entry to highlight instead of the route's own path. */
  menuPath?: string;
  routerList?: Crumb[];
  /** 10 list, 20 create, 30 other (thesis and park-science routes). */
  depth?: 10 | 20 | 30;
  /**
   * Runs before the route is entered, after the login check (the spec's per-route router hooks:
   * /activityManage restores the main menu, /content clears remembered expanded tree keys).
   */
  onEnter?: () => void;
}

export interface AppRoute {
  path: string;
  screen: () => Promise<{ default: ComponentType }>;
  meta: RouteMeta;
  /** 'console' screens live in the main layout (menu, header); the others stand alone. */
  layout?: 'console';
}

/**
 * The one route registry. A module adds its routes with registerRoutes(); there is no route
 * without a real screen: a path that is not here shows 找不到页面.
 */
const registry: AppRoute[] = [];

export function registerRoutes(routes: readonly AppRoute[]): void {
  for (const route of routes) {
    if (registry.some((r) => r.path === route.path)) throw new Error(`route ${route.path} registered twice`);
    registry.push(route);
  }
}

export function registeredRoutes(): readonly AppRoute[] {
  return registry;
}
