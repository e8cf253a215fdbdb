import type { PermissionKey } from '@shetuan/shared';
import { useMenu } from './api';

/** Whether the identity's roles grant a function point ('/roleManage:add'): buttons show only then. */
export function useCan(): (fn: PermissionKey) => boolean {
  const menu = useMenu();
  const granted = new Set(menu.data?.functions ?? []);
  return (fn) => granted.has(fn);
}
