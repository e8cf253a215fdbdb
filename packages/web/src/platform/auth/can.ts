import type { PermissionKey } from '@shetuan/shared';
import { useMemo } from 'react';
import { useMenu } from './api';

interface MenuNode {
  path?: string;
  children?: MenuNode[] | null;
}

function collectPaths(nodes: readonly MenuNode[] | null | undefined, into: Set<string>): void {
  for (const n of nodes ?? []) {
    if (n.path) into.add(n.path);
    collectPaths(n.children, into);
  }
}

/**
 * Whether the identity's roles grant a function point ('/roleManage:add') or a page ('/wallet'):
 * buttons and links show only then. Pages are those of the identity's menu, hidden ones included.
 */
export function useCan(): (fn: PermissionKey) => boolean {
  const menu = useMenu();
  const granted = useMemo(() => {
    const set = new Set<string>(menu.data?.functions ?? []);
    collectPaths(menu.data?.menuResult as MenuNode[] | undefined, set);
    collectPaths(menu.data?.hiddenMenu as MenuNode[] | undefined, set);
    return set;
  }, [menu.data]);
  return (fn) => granted.has(fn);
}
