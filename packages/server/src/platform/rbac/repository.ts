import { likePattern } from '@shetuan/shared';
import { and, asc, count, desc, eq, ilike, inArray, max, or, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import { identities, orgs, users } from '../directory/tables';
import { DEFAULT_ROLES, defaultMenu, functionsOf, type MenuSeed, menuAdditions, menuVersion } from './default-menu';
import { functionPoints, identityRoles, menus, menuVersions, roleFunctions, roleMenus, roles } from './tables';

/*
 * Every query here names the tenant in its WHERE, INSERT values and JOIN conditions
 * (docs/scale-out.md: only an explicit tenant predicate routes a query to one shard); row-level
 * security stays as the safety net.
 */

export type MenuRow = typeof menus.$inferSelect;
export type FunctionPointRow = typeof functionPoints.$inferSelect;

/** Seeds the default menu tree, its function points and the default roles into an empty tenant. */
export async function seedTenantRbac(tx: Tx, tenantId: number): Promise<void> {
  const idsByKey = new Map<string, number>();
  const insertLevel = async (items: MenuSeed[], pid: number) => {
    if (items.length === 0) return;
    const rows = await tx
      .insert(menus)
      .values(
        items.map((m, i) => ({
          tenantId,
          pid,
          name: m.name,
          path: m.path ?? '',
          key: m.key,
          hidden: m.hidden ?? false,
          sort: i,
        })),
      )
      .returning({ id: menus.id, key: menus.key });
    for (const r of rows) idsByKey.set(r.key, r.id);
    for (const m of items) {
      const id = idsByKey.get(m.key);
      if (id !== undefined && m.children) await insertLevel(m.children, id);
    }
  };
  const menu = defaultMenu();
  await insertLevel(menu, 0);

  const leaves = menu.flatMap((g) => g.children ?? []).filter((m) => m.path?.startsWith('/'));
  const fnRows = await tx
    .insert(functionPoints)
    .values(
      leaves.flatMap((m) =>
        functionsOf(m.path ?? '').map((f) => ({
          tenantId,
          menuId: idsByKey.get(m.key) ?? 0,
          code: f.code,
          name: f.name,
        })),
      ),
    )
    .returning({ id: functionPoints.id, menuId: functionPoints.menuId });

  for (const role of DEFAULT_ROLES) {
    const [row] = await tx
      .insert(roles)
      .values({
        tenantId,
        name: role.name,
        defaultForIdentityCode: null,
        builtin: true,
        remark: role.remark,
      })
      .returning({ id: roles.id });
    if (!row) continue;
    const keys = defaultRoleKeys(role, menu);
    const menuIds = [...keys].map((k) => idsByKey.get(k)).filter((id): id is number => id !== undefined);
    if (menuIds.length > 0)
      await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ tenantId, roleId: row.id, menuId })));
    const granted = new Set(menuIds);
    const fns = fnRows.filter((f) => granted.has(f.menuId));
    if (fns.length > 0)
      await tx.insert(roleFunctions).values(fns.map((f) => ({ tenantId, roleId: row.id, functionId: f.id })));
  }
  await tx.insert(menuVersions).values({ tenantId, version: menuVersion() });
}

/** The menu keys a default role is granted: its groups whole, or single entries with their group. */
function defaultRoleKeys(role: (typeof DEFAULT_ROLES)[number], menu: MenuSeed[]): Set<string> {
  const keys = new Set<string>();
  const add = (m: MenuSeed) => {
    if (role.except?.includes(m.key)) return;
    keys.add(m.key);
    for (const c of m.children ?? []) add(c);
  };
  for (const group of menu) {
    if (role.grants === 'all' || role.grants.includes(group.key) || group.roles?.includes(role.name)) add(group);
    else
      for (const child of group.children ?? []) {
        if (role.grants.includes(child.key)) {
          keys.add(group.key);
          add(child);
        }
      }
  }
  return keys;
}

/** A default-menu entry by key, with the key of its group (null for a group). */
function seedOf(menu: MenuSeed[], key: string): { seed: MenuSeed; parentKey: string | null } | null {
  for (const group of menu) {
    if (group.key === key) return { seed: group, parentKey: null };
    const child = group.children?.find((c) => c.key === key);
    if (child) return { seed: child, parentKey: group.key };
  }
  return null;
}

/**
 * Brings the current tenant's menu up to menuVersion() (see menuAdditions): adds the entries of
 * each later version that it lacks, with their function points, and grants them to the default
 * roles that still exist under their names, as a new tenant's roles would have them. Returns the
 * keys added. Run in the tenant's transaction; running it again adds nothing.
 */
export async function upgradeTenantMenu(tx: Tx, tenantId: number): Promise<string[]> {
  const [state] = await tx
    .select({ version: menuVersions.version })
    .from(menuVersions)
    .where(eq(menuVersions.tenantId, tenantId))
    .limit(1);
  const from = state?.version ?? 0;
  const version = menuVersion();
  if (from >= version) return [];
  const menu = defaultMenu();
  const existing = new Map(
    (await tx.select({ id: menus.id, key: menus.key }).from(menus).where(eq(menus.tenantId, tenantId))).map(
      (m) => [m.key, m.id] as const,
    ),
  );
  // A tenant that never had the default menu has nothing to bring up to date.
  if (existing.size === 0) return [];
  const roleIds = new Map(
    (await tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.tenantId, tenantId))).map(
      (r) => [r.name, r.id] as const,
    ),
  );
  const added: string[] = [];
  /**
   * An addition that names an entry the tenant has already brings the function points its page
   * declares today and the entry lacks (a release that adds 导出 to a page), granted to the default
   * roles that hold the entry. A point the tenant deleted comes back only with a later version that
   * names the entry again.
   */
  const addMissingFunctions = async (menuId: number, path: string): Promise<void> => {
    const have = new Set(
      (
        await tx
          .select({ code: functionPoints.code })
          .from(functionPoints)
          .where(and(eq(functionPoints.tenantId, tenantId), eq(functionPoints.menuId, menuId)))
      ).map((f) => f.code),
    );
    const missing = functionsOf(path).filter((f) => !have.has(f.code));
    if (missing.length === 0) return;
    const fns = await tx
      .insert(functionPoints)
      .values(missing.map((f) => ({ tenantId, menuId, code: f.code, name: f.name })))
      .returning({ id: functionPoints.id });
    const holders = await tx
      .select({ roleId: roleMenus.roleId })
      .from(roleMenus)
      .innerJoin(roles, and(eq(roles.tenantId, roleMenus.tenantId), eq(roles.id, roleMenus.roleId)))
      .where(
        and(
          eq(roleMenus.tenantId, tenantId),
          eq(roleMenus.menuId, menuId),
          inArray(
            roles.name,
            DEFAULT_ROLES.map((r) => r.name),
          ),
        ),
      );
    for (const { roleId } of holders)
      await tx
        .insert(roleFunctions)
        .values(fns.map((f) => ({ tenantId, roleId, functionId: f.id })))
        .onConflictDoNothing();
  };
  const insertEntry = async (key: string, upgrade = false): Promise<number | undefined> => {
    const found = existing.get(key);
    if (found !== undefined) {
      const path = seedOf(menu, key)?.seed.path;
      if (upgrade && path?.startsWith('/')) await addMissingFunctions(found, path);
      return found;
    }
    const entry = seedOf(menu, key);
    if (!entry) return undefined;
    const pid = entry.parentKey ? await insertEntry(entry.parentKey) : 0;
    if (pid === undefined) return undefined;
    const [last] = await tx
      .select({ sort: max(menus.sort) })
      .from(menus)
      .where(and(eq(menus.tenantId, tenantId), eq(menus.pid, pid)));
    const [row] = await tx
      .insert(menus)
      .values({
        tenantId,
        pid,
        name: entry.seed.name,
        path: entry.seed.path ?? '',
        key,
        hidden: entry.seed.hidden ?? false,
        sort: (last?.sort ?? -1) + 1,
      })
      .returning({ id: menus.id });
    if (!row) return undefined;
    existing.set(key, row.id);
    added.push(key);
    const fns = entry.seed.path?.startsWith('/')
      ? await tx
          .insert(functionPoints)
          .values(functionsOf(entry.seed.path).map((f) => ({ tenantId, menuId: row.id, code: f.code, name: f.name })))
          .returning({ id: functionPoints.id })
      : [];
    for (const role of DEFAULT_ROLES) {
      const roleId = roleIds.get(role.name);
      if (roleId === undefined || !defaultRoleKeys(role, menu).has(key)) continue;
      await tx.insert(roleMenus).values({ tenantId, roleId, menuId: row.id }).onConflictDoNothing();
      if (fns.length > 0)
        await tx
          .insert(roleFunctions)
          .values(fns.map((f) => ({ tenantId, roleId, functionId: f.id })))
          .onConflictDoNothing();
    }
    return row.id;
  };
  for (const addition of menuAdditions()) {
    if (addition.version <= from) continue;
    for (const key of addition.keys) await insertEntry(key, true);
  }
  await tx
    .insert(menuVersions)
    .values({ tenantId, version })
    .onConflictDoUpdate({ target: menuVersions.tenantId, set: { version } });
  return added;
}

/** Gives a new identity the default role of its identity code. */
export async function assignDefaultRole(
  tx: Tx,
  tenantId: number,
  identityId: number,
  identityCode: number,
): Promise<void> {
  const role = DEFAULT_ROLES.find((r) => r.identityCodes.includes(identityCode));
  if (!role) return;
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.name, role.name)))
    .limit(1);
  if (row) await tx.insert(identityRoles).values({ tenantId, identityId, roleId: row.id }).onConflictDoNothing();
}

export interface Grants {
  menus: MenuRow[];
  paths: Set<string>;
  /** 'path:code' of every function point granted. */
  functions: Set<string>;
}

/** Everything the tenant's menu holds: what a super administrator acting as the tenant may use. */
export async function grantsOfTenant(tx: Tx, tenantId: number): Promise<Grants> {
  const menuRows = await tenantMenus(tx, tenantId);
  const fnRows = await tx
    .select({ code: functionPoints.code, path: menus.path })
    .from(functionPoints)
    .innerJoin(menus, and(eq(menus.tenantId, functionPoints.tenantId), eq(menus.id, functionPoints.menuId)))
    .where(eq(functionPoints.tenantId, tenantId));
  return {
    menus: menuRows,
    paths: new Set(menuRows.map((m) => m.path).filter(Boolean)),
    functions: new Set(fnRows.map((f) => `${f.path}:${f.code}`)),
  };
}

/** The menus and function points the roles of one of the tenant's identities grant. */
export async function grantsOfIdentity(tx: Tx, tenantId: number, identityId: number): Promise<Grants> {
  const roleIds = (
    await tx
      .select({ id: identityRoles.roleId })
      .from(identityRoles)
      .where(and(eq(identityRoles.tenantId, tenantId), eq(identityRoles.identityId, identityId)))
  ).map((r) => r.id);
  if (roleIds.length === 0) return { menus: [], paths: new Set(), functions: new Set() };
  const menuRows = await tx
    .selectDistinct({
      tenantId: menus.tenantId,
      id: menus.id,
      pid: menus.pid,
      name: menus.name,
      path: menus.path,
      img: menus.img,
      sort: menus.sort,
      key: menus.key,
      hidden: menus.hidden,
      createdAt: menus.createdAt,
      updatedAt: menus.updatedAt,
    })
    .from(roleMenus)
    .innerJoin(menus, and(eq(menus.tenantId, roleMenus.tenantId), eq(menus.id, roleMenus.menuId)))
    .where(and(eq(roleMenus.tenantId, tenantId), inArray(roleMenus.roleId, roleIds)))
    .orderBy(asc(menus.sort), asc(menus.id));
  const fnRows = await tx
    .selectDistinct({ code: functionPoints.code, path: menus.path })
    .from(roleFunctions)
    .innerJoin(
      functionPoints,
      and(eq(functionPoints.tenantId, roleFunctions.tenantId), eq(functionPoints.id, roleFunctions.functionId)),
    )
    .innerJoin(menus, and(eq(menus.tenantId, functionPoints.tenantId), eq(menus.id, functionPoints.menuId)))
    .where(and(eq(roleFunctions.tenantId, tenantId), inArray(roleFunctions.roleId, roleIds)));
  return {
    menus: menuRows,
    paths: new Set(menuRows.map((m) => m.path).filter(Boolean)),
    functions: new Set(fnRows.map((f) => `${f.path}:${f.code}`)),
  };
}

// ---- Roles (/roleManage) ----

const roleFields = {
  id: roles.id,
  name: roles.name,
  remark: roles.remark,
  builtin: roles.builtin,
  createdAt: roles.createdAt,
  menuCount: sql<number>`(select count(*)::int from ${roleMenus} rm where rm.tenant_id = ${roles.tenantId} and rm.role_id = ${roles.id})`,
  identityCount: sql<number>`(select count(*)::int from ${identityRoles} ir where ir.tenant_id = ${roles.tenantId} and ir.role_id = ${roles.id})`,
};
export type RoleRow = {
  id: number;
  name: string;
  remark: string;
  builtin: boolean;
  createdAt: Date;
  menuCount: number;
  identityCount: number;
};
export type RoleValues = { name: string; remark: string };

const rolesMatching = (tenantId: number, keyword?: string, id?: number) =>
  and(
    eq(roles.tenantId, tenantId),
    keyword ? ilike(roles.name, likePattern(keyword)) : undefined,
    id === undefined ? undefined : eq(roles.id, id),
  );

export async function countRoles(tx: Tx, tenantId: number, keyword?: string): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(roles).where(rolesMatching(tenantId, keyword));
  return total?.n ?? 0;
}

/** Roles matching the keyword with their menu and holder counts, newest first. */
export function listRoleRows(
  tx: Tx,
  tenantId: number,
  keyword: string | undefined,
  limit: number,
  offset = 0,
): Promise<RoleRow[]> {
  return tx
    .select(roleFields)
    .from(roles)
    .where(rolesMatching(tenantId, keyword))
    .orderBy(desc(roles.id))
    .limit(limit)
    .offset(offset);
}

export async function findRoleRow(tx: Tx, tenantId: number, id: number): Promise<RoleRow | undefined> {
  const [row] = await tx
    .select(roleFields)
    .from(roles)
    .where(rolesMatching(tenantId, undefined, id));
  return row;
}

/** The new role's id; null when the tenant has a role of that name. */
export async function insertRole(tx: Tx, tenantId: number, values: RoleValues): Promise<number | null> {
  const [row] = await tx
    .insert(roles)
    .values({ tenantId, ...values })
    .onConflictDoNothing({ target: [roles.tenantId, roles.name] })
    .returning({ id: roles.id });
  return row?.id ?? null;
}

/** Another role of the tenant with that name, if any. */
export async function roleNamed(tx: Tx, tenantId: number, name: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.name, name)));
  return row?.id;
}

/** Changes a role; false when the tenant has no such role. */
export async function updateRoleRow(tx: Tx, tenantId: number, id: number, values: RoleValues): Promise<boolean> {
  const rows = await tx
    .update(roles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
    .returning({ id: roles.id });
  return rows.length > 0;
}

/** How many identities hold the role. */
export async function countRoleHolders(tx: Tx, tenantId: number, id: number): Promise<number> {
  const [used] = await tx
    .select({ n: count() })
    .from(identityRoles)
    .where(and(eq(identityRoles.tenantId, tenantId), eq(identityRoles.roleId, id)));
  return used?.n ?? 0;
}

/** Deletes a role; false when the tenant had no such role. */
/** Whether the role is one every tenant starts with (undefined: no such role). */
export async function roleBuiltin(tx: Tx, tenantId: number, id: number): Promise<boolean | undefined> {
  const [row] = await tx
    .select({ builtin: roles.builtin })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
  return row?.builtin;
}

export async function deleteRoleRow(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id), eq(roles.builtin, false)))
    .returning({ id: roles.id });
  return rows.length > 0;
}

// ---- Function points (/function) ----

const functionFields = {
  id: functionPoints.id,
  menuId: functionPoints.menuId,
  menuName: menus.name,
  menuPath: menus.path,
  code: functionPoints.code,
  name: functionPoints.name,
};
export type FunctionRow = {
  id: number;
  menuId: number;
  menuName: string;
  menuPath: string;
  code: string;
  name: string;
};
export type FunctionValues = { menuId: number; code: string; name: string };

const functionsMatching = (tenantId: number, keyword?: string, id?: number) =>
  and(
    eq(functionPoints.tenantId, tenantId),
    keyword
      ? or(
          ilike(functionPoints.name, likePattern(keyword)),
          ilike(functionPoints.code, likePattern(keyword)),
          ilike(menus.name, likePattern(keyword)),
          ilike(menus.path, likePattern(keyword)),
        )
      : undefined,
    id === undefined ? undefined : eq(functionPoints.id, id),
  );
const functionMenu = and(eq(menus.tenantId, functionPoints.tenantId), eq(menus.id, functionPoints.menuId));

export async function countFunctions(tx: Tx, tenantId: number, keyword?: string): Promise<number> {
  const [total] = await tx
    .select({ n: count() })
    .from(functionPoints)
    .innerJoin(menus, functionMenu)
    .where(functionsMatching(tenantId, keyword));
  return total?.n ?? 0;
}

/** Function points matching the keyword (name, code, menu name or path) with their menu, in menu order. */
export function listFunctionRows(
  tx: Tx,
  tenantId: number,
  keyword: string | undefined,
  limit: number,
  offset = 0,
): Promise<FunctionRow[]> {
  return tx
    .select(functionFields)
    .from(functionPoints)
    .innerJoin(menus, functionMenu)
    .where(functionsMatching(tenantId, keyword))
    .orderBy(asc(menus.sort), asc(menus.id), asc(functionPoints.id))
    .limit(limit)
    .offset(offset);
}

export async function findFunctionRow(tx: Tx, tenantId: number, id: number): Promise<FunctionRow | undefined> {
  const [row] = await tx
    .select(functionFields)
    .from(functionPoints)
    .innerJoin(menus, functionMenu)
    .where(functionsMatching(tenantId, undefined, id));
  return row;
}

/** The new function point's id; null when its menu has one with that code. */
export async function insertFunction(tx: Tx, tenantId: number, values: FunctionValues): Promise<number | null> {
  const [row] = await tx
    .insert(functionPoints)
    .values({ tenantId, ...values })
    .onConflictDoNothing({ target: [functionPoints.tenantId, functionPoints.menuId, functionPoints.code] })
    .returning({ id: functionPoints.id });
  return row?.id ?? null;
}

/** Another function point of the menu with that code, if any. */
export async function functionCoded(
  tx: Tx,
  tenantId: number,
  menuId: number,
  code: string,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: functionPoints.id })
    .from(functionPoints)
    .where(
      and(eq(functionPoints.tenantId, tenantId), eq(functionPoints.menuId, menuId), eq(functionPoints.code, code)),
    );
  return row?.id;
}

/** Changes a function point; false when the tenant has no such point. */
export async function updateFunctionRow(
  tx: Tx,
  tenantId: number,
  id: number,
  values: FunctionValues,
): Promise<boolean> {
  const rows = await tx
    .update(functionPoints)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(functionPoints.tenantId, tenantId), eq(functionPoints.id, id)))
    .returning({ id: functionPoints.id });
  return rows.length > 0;
}

/** Deletes a function point; false when the tenant had no such point. */
export async function deleteFunctionRow(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(functionPoints)
    .where(and(eq(functionPoints.tenantId, tenantId), eq(functionPoints.id, id)))
    .returning({ id: functionPoints.id });
  return rows.length > 0;
}

export async function menuExists(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.tenantId, tenantId), eq(menus.id, id)));
  return Boolean(row);
}

/** Every menu node of the tenant (id, parent, name, path), in menu order within each level. */
export function menuNodes(
  tx: Tx,
  tenantId: number,
): Promise<{ id: number; pid: number; name: string; path: string }[]> {
  return tx
    .select({ id: menus.id, pid: menus.pid, name: menus.name, path: menus.path })
    .from(menus)
    .where(eq(menus.tenantId, tenantId))
    .orderBy(asc(menus.sort), asc(menus.id));
}

// ---- The menu tree (/setMenu, /jurisdiction) ----

/** Every menu entry of the tenant, in menu order. */
export function tenantMenus(tx: Tx, tenantId: number): Promise<MenuRow[]> {
  return tx.select().from(menus).where(eq(menus.tenantId, tenantId)).orderBy(asc(menus.sort), asc(menus.id));
}

/** Every function point of the tenant, by id. */
export function tenantFunctions(tx: Tx, tenantId: number): Promise<FunctionPointRow[]> {
  return tx.select().from(functionPoints).where(eq(functionPoints.tenantId, tenantId)).orderBy(asc(functionPoints.id));
}

/** The parent of each menu entry of the tenant (id → pid, 0 for a group). */
export async function menuParents(tx: Tx, tenantId: number): Promise<Map<number, number>> {
  const rows = await tx.select({ id: menus.id, pid: menus.pid }).from(menus).where(eq(menus.tenantId, tenantId));
  return new Map(rows.map((m) => [m.id, m.pid]));
}

export type MenuValues = { pid: number; name: string; path: string; img: string; sort: number; hidden: boolean };

/** Adds a menu entry with the key given; its id. */
export async function insertMenu(tx: Tx, tenantId: number, values: MenuValues & { key: string }): Promise<number> {
  const [row] = await tx
    .insert(menus)
    .values({ tenantId, ...values })
    .returning({ id: menus.id });
  return row?.id ?? 0;
}

/** Changes a menu entry; false when the tenant has no such entry. */
export async function updateMenuRow(tx: Tx, tenantId: number, id: number, values: MenuValues): Promise<boolean> {
  const rows = await tx
    .update(menus)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(menus.tenantId, tenantId), eq(menus.id, id)))
    .returning({ id: menus.id });
  return rows.length > 0;
}

/** How many entries sit directly under a menu entry. */
export async function countChildMenus(tx: Tx, tenantId: number, id: number): Promise<number> {
  const [children] = await tx
    .select({ n: count() })
    .from(menus)
    .where(and(eq(menus.tenantId, tenantId), eq(menus.pid, id)));
  return children?.n ?? 0;
}

/** Deletes a menu entry (its function points and grants cascade); false when the tenant had none. */
export async function deleteMenuRow(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(menus)
    .where(and(eq(menus.tenantId, tenantId), eq(menus.id, id)))
    .returning({ id: menus.id });
  return rows.length > 0;
}

// ---- What a role grants (/jurisdiction, /roleManageDetail) ----

export async function roleExists(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)));
  return Boolean(row);
}

/** The ids of the menu entries and of the function points a role grants. */
export async function roleGrantIds(
  tx: Tx,
  tenantId: number,
  roleId: number,
): Promise<{ menuIds: number[]; functionIds: number[] }> {
  const m = await tx
    .select({ id: roleMenus.menuId })
    .from(roleMenus)
    .where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, roleId)));
  const f = await tx
    .select({ id: roleFunctions.functionId })
    .from(roleFunctions)
    .where(and(eq(roleFunctions.tenantId, tenantId), eq(roleFunctions.roleId, roleId)));
  return { menuIds: m.map((r) => r.id), functionIds: f.map((r) => r.id) };
}

/** The tenant's function points among the ids, with their menu entry (no statement for none). */
export async function functionMenus(
  tx: Tx,
  tenantId: number,
  ids: number[],
): Promise<{ id: number; menuId: number }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: functionPoints.id, menuId: functionPoints.menuId })
    .from(functionPoints)
    .where(and(eq(functionPoints.tenantId, tenantId), inArray(functionPoints.id, ids)));
}

/** Replaces what a role grants with the menu entries and function points given (checked by the caller). */
export async function replaceRoleGrants(
  tx: Tx,
  tenantId: number,
  roleId: number,
  menuIds: number[],
  functionIds: number[],
): Promise<void> {
  await tx.delete(roleMenus).where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, roleId)));
  await tx.delete(roleFunctions).where(and(eq(roleFunctions.tenantId, tenantId), eq(roleFunctions.roleId, roleId)));
  if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ tenantId, roleId, menuId })));
  if (functionIds.length)
    await tx.insert(roleFunctions).values(functionIds.map((functionId) => ({ tenantId, roleId, functionId })));
}

/** The menu entries a role grants (menu order). */
export function roleMenuGrants(
  tx: Tx,
  tenantId: number,
  roleId: number,
): Promise<{ menuId: number; name: string; path: string }[]> {
  return tx
    .select({ menuId: menus.id, name: menus.name, path: menus.path })
    .from(roleMenus)
    .innerJoin(menus, and(eq(menus.tenantId, roleMenus.tenantId), eq(menus.id, roleMenus.menuId)))
    .where(and(eq(roleMenus.tenantId, tenantId), eq(roleMenus.roleId, roleId)))
    .orderBy(asc(menus.sort), asc(menus.id));
}

/** The function points a role grants, with their menu entry, by id. */
export function roleFunctionGrants(
  tx: Tx,
  tenantId: number,
  roleId: number,
): Promise<{ menuId: number; name: string }[]> {
  return tx
    .select({ menuId: functionPoints.menuId, name: functionPoints.name })
    .from(roleFunctions)
    .innerJoin(
      functionPoints,
      and(eq(functionPoints.tenantId, roleFunctions.tenantId), eq(functionPoints.id, roleFunctions.functionId)),
    )
    .where(and(eq(roleFunctions.tenantId, tenantId), eq(roleFunctions.roleId, roleId)))
    .orderBy(asc(functionPoints.id));
}

// ---- Who holds a role (/roleManageDetail, the staff screen) ----

/** The tenant's roles among the ids. */
export async function rolesAmong(tx: Tx, tenantId: number, ids: number[]): Promise<number[]> {
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, ids)));
  return rows.map((r) => r.id);
}

/** Replaces the roles of an identity with the roles given (checked by the caller). */
export async function replaceIdentityRoles(
  tx: Tx,
  tenantId: number,
  identityId: number,
  roleIds: number[],
): Promise<void> {
  await tx
    .delete(identityRoles)
    .where(and(eq(identityRoles.tenantId, tenantId), eq(identityRoles.identityId, identityId)));
  if (roleIds.length)
    await tx.insert(identityRoles).values(roleIds.map((roleId) => ({ tenantId, identityId, roleId })));
}

/** The roles of several identities of the tenant (identity, role id, role name), by role id. */
export function roleRowsOfIdentities(
  tx: Tx,
  tenantId: number,
  identityIds: number[],
): Promise<{ identityId: number; id: number; name: string }[]> {
  return tx
    .select({ identityId: identityRoles.identityId, id: roles.id, name: roles.name })
    .from(identityRoles)
    .innerJoin(roles, and(eq(roles.tenantId, identityRoles.tenantId), eq(roles.id, identityRoles.roleId)))
    .where(and(eq(identityRoles.tenantId, tenantId), inArray(identityRoles.identityId, identityIds)))
    .orderBy(asc(roles.id));
}

export type HolderRow = {
  identityId: number;
  userId: number;
  name: string;
  mobile: string | null;
  code: number;
  orgName: string | null;
};

/**
 * The identities of the tenant that hold a role, with their person and organisation, newest
 * identity first. `users` is global (one account in every tenant): its join takes no tenant.
 */
function holders(tx: Tx, tenantId: number, roleId: number, keyword?: string) {
  return tx
    .select({
      identityId: identities.id,
      userId: users.id,
      name: users.name,
      mobile: users.mobile,
      code: identities.identityCode,
      orgName: orgs.name,
    })
    .from(identityRoles)
    .innerJoin(
      identities,
      and(eq(identities.tenantId, identityRoles.tenantId), eq(identities.id, identityRoles.identityId)),
    )
    .innerJoin(users, eq(users.id, identities.userId))
    .leftJoin(orgs, and(eq(orgs.tenantId, identities.tenantId), eq(orgs.id, identities.orgId)))
    .where(
      and(
        eq(identityRoles.tenantId, tenantId),
        eq(identityRoles.roleId, roleId),
        keyword ? or(ilike(users.name, likePattern(keyword)), ilike(users.mobile, likePattern(keyword))) : undefined,
      ),
    )
    .orderBy(desc(identities.id));
}

/** How many holders of a role match the keyword (name or mobile). */
export async function countHolderRows(tx: Tx, tenantId: number, roleId: number, keyword?: string): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(holders(tx, tenantId, roleId, keyword).as('h'));
  return total?.n ?? 0;
}

/** The holders of a role matching the keyword (name or mobile), newest identity first. */
export function listHolderRows(
  tx: Tx,
  tenantId: number,
  roleId: number,
  keyword: string | undefined,
  limit: number,
  offset?: number,
): Promise<HolderRow[]> {
  const rows = holders(tx, tenantId, roleId, keyword).limit(limit);
  return offset === undefined ? rows : rows.offset(offset);
}

/** Takes a role from one identity; false when it did not hold it. */
export async function deleteRoleHolder(tx: Tx, tenantId: number, roleId: number, identityId: number): Promise<boolean> {
  const gone = await tx
    .delete(identityRoles)
    .where(
      and(
        eq(identityRoles.tenantId, tenantId),
        eq(identityRoles.roleId, roleId),
        eq(identityRoles.identityId, identityId),
      ),
    )
    .returning({ id: identityRoles.identityId });
  return gone.length > 0;
}
