import type { TMenuItem } from '@shetuan/shared/identity';

export interface LayoutRoute {
  path: string;
  name: string;
  children?: LayoutRoute[];
}

/** The server menu as ProLayout routes. A group without a path gets a stable key of its own. */
export function toLayoutRoutes(items: TMenuItem[]): LayoutRoute[] {
  return items.map((m) => {
    const path = m.path ? (m.path.startsWith('/') ? m.path : `/${m.path}`) : `/__group/${m.id}`;
    const children = m.children.length > 0 ? toLayoutRoutes(m.children) : undefined;
    return children ? { path, name: m.name, children } : { path, name: m.name };
  });
}
