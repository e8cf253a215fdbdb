import { isBuiltPage } from '@shetuan/shared';
import type { TMenuItem } from '@shetuan/shared/identity';
import { TYPE_20_REGROUP } from './default-menu';
import type { MenuRow } from './repository';

function toTree(rows: MenuRow[]): TMenuItem[] {
  const byId = new Map<number, TMenuItem>();
  for (const r of rows)
    byId.set(r.id, { id: r.id, pid: r.pid, name: r.name, path: r.path, img: r.img, key: r.key, children: [] });
  const roots: TMenuItem[] = [];
  for (const r of rows) {
    const item = byId.get(r.id);
    if (!item) continue;
    const parent = byId.get(r.pid);
    if (parent) parent.children.push(item);
    else if (r.pid === 0) roots.push(item);
  }
  return withoutEmptyGroups(roots);
}

/** A group with nothing granted (or built) under it shows nothing, at any depth. */
function withoutEmptyGroups(items: TMenuItem[]): TMenuItem[] {
  return items.flatMap((m) => {
    const children = withoutEmptyGroups(m.children);
    return m.path !== '' || children.length > 0 ? [{ ...m, children }] : [];
  });
}

/**
 * The spec's menuResult for an identity: the main menu, and the hidden activity-level menu kept
 * apart. Custom type 20 moves some groups under new parents (spec 000 §6). Only entries whose page
 * this release has (shared BUILT_PAGES) are offered, so none opens 找不到页面; the groups they leave
 * empty go too. The tenant's menu configuration keeps the others for a release that builds them.
 */
export function buildMenus(
  granted: MenuRow[],
  customType: number,
  built: (path: string) => boolean = isBuiltPage,
): { menuResult: TMenuItem[]; hiddenMenu: TMenuItem[] } {
  const rows = granted.filter((r) => r.path === '' || built(r.path));
  let menuResult = toTree(rows.filter((r) => !r.hidden));
  const hiddenMenu = toTree(rows.filter((r) => r.hidden));
  if (customType === 20) {
    const keyOf = new Map(rows.map((r) => [r.id, r.key]));
    let virtualId = -1;
    for (const group of TYPE_20_REGROUP) {
      const moved = menuResult.filter((m) => group.children.includes(keyOf.get(m.id) ?? ''));
      if (moved.length === 0) continue;
      const parentId = virtualId--;
      const firstIndex = menuResult.indexOf(moved[0] as TMenuItem);
      const parent: TMenuItem = {
        id: parentId,
        pid: 0,
        name: group.name,
        path: '',
        img: '',
        key: group.key,
        children: moved.map((m) => ({ ...m, pid: parentId })),
      };
      menuResult = menuResult.filter((m) => !moved.includes(m));
      menuResult.splice(firstIndex, 0, parent);
    }
  }
  return { menuResult, hiddenMenu };
}

/** Every path of a menu tree, children included. */
export function menuPaths(items: TMenuItem[]): string[] {
  return items.flatMap((m) => [...(m.path ? [m.path] : []), ...menuPaths(m.children)]);
}
