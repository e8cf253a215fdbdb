import type { ReactNode } from 'react';
import type { AppRoute } from './route-registry';

/**
 * One web module, declared once (docs/modules.md): its screens with their registry metadata, and
 * the icons of the menu groups it brings beyond the catalogue's (platform/layout/menu-routes).
 */
export interface WebModule {
  /** The module's folder name, the same in shared, server and web. */
  name: string;
  routes: readonly AppRoute[];
  /** Icons of menu groups by their stable key; a collapsed menu shows only these. */
  menuIcons?: Readonly<Record<string, ReactNode>>;
}

export function defineWebModule(module: WebModule): WebModule {
  return module;
}

const icons = new Map<string, ReactNode>();

/** The icon a module gave a menu group, if any. */
export function moduleMenuIcon(key: string): ReactNode | undefined {
  return icons.get(key);
}

/** Called once by the router with the module list. */
export function installWebModuleIcons(modules: readonly WebModule[]): void {
  for (const m of modules) for (const [key, icon] of Object.entries(m.menuIcons ?? {})) icons.set(key, icon);
}
