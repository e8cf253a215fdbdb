import type { THomeTodo, TPersonalHome, TUnitHome } from '@shetuan/shared/home';
import type { AuthContext } from '../auth/context';
import { checkPermission } from '../auth/hook';
import type { Tx } from '../db';
import type { HomeTodo } from '../modules/manifest';
import { installedModules } from '../modules/registry';

/**
 * The home pages, built from what the installed modules contribute (their manifests' `home`):
 * only the to-dos, figures and series whose permission the caller's identity holds, checked as
 * the routes check theirs (auth checkPermission), each answered by the module's own statement.
 */

/** Whether the caller's identity holds a permission key (a page, a function point, 'identity'). */
export function may(auth: AuthContext, permission: string): boolean {
  try {
    checkPermission(auth, permission);
    return true;
  } catch {
    return false;
  }
}

// One transaction holds one connection: the statements run one after another, in module order.
async function todosOf(tx: Tx, auth: AuthContext, home: HomeTodo['home'], now: Date): Promise<THomeTodo[]> {
  const out: THomeTodo[] = [];
  for (const m of installedModules()) {
    for (const todo of m.home?.todos ?? []) {
      if (todo.home !== home || !may(auth, todo.permission)) continue;
      out.push({ key: todo.key, label: todo.label, path: todo.path, count: await todo.count(tx, auth, now) });
    }
  }
  return out;
}

/** 单位首页: the unit's to-dos, key figures and series the caller may see. */
export async function unitHome(tx: Tx, auth: AuthContext, now = new Date()): Promise<TUnitHome> {
  const todos = await todosOf(tx, auth, 'unit', now);
  const figures: TUnitHome['figures'] = [];
  const series: TUnitHome['series'] = [];
  for (const m of installedModules()) {
    for (const f of m.home?.figures ?? []) {
      if (!may(auth, f.permission)) continue;
      figures.push({
        key: f.key,
        label: f.label,
        unit: f.unit,
        suffix: f.suffix ?? '',
        path: f.path ?? null,
        value: await f.value(tx, auth, now),
      });
    }
    for (const s of m.home?.series ?? []) {
      if (!may(auth, s.permission)) continue;
      series.push({ key: s.key, label: s.label, unit: s.unit, points: await s.points(tx, auth, now) });
    }
  }
  return { todos, figures, series };
}

/** 个人首页: the person's own to-dos the caller may see. */
export async function personalHome(tx: Tx, auth: AuthContext, now = new Date()): Promise<TPersonalHome> {
  return { todos: await todosOf(tx, auth, 'personal', now) };
}
