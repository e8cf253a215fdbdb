import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Tx } from '../db';
import { DEFAULT_ROLES, defaultMenu, functionsOf, type MenuSeed, menuAdditions, menuVersion } from './default-menu';
import { functionPoints, identityRoles, menus, menuVersions, roleFunctions, roleMenus, roles } from './tables';

export type MenuRow = typeof menus.$inferSelect;

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
        remark: `默认角色（身份代码 ${role.identityCodes.join('、')}）`,
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
  const [state] = await tx.select({ version: menuVersions.version }).from(menuVersions).limit(1);
  const from = state?.version ?? 0;
  const version = menuVersion();
  if (from >= version) return [];
  const menu = defaultMenu();
  const existing = new Map(
    (await tx.select({ id: menus.id, key: menus.key }).from(menus)).map((m) => [m.key, m.id] as const),
  );
  // A tenant that never had the default menu has nothing to bring up to date.
  if (existing.size === 0) return [];
  const roleIds = new Map(
    (await tx.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [r.name, r.id] as const),
  );
  const added: string[] = [];
  const insertEntry = async (key: string): Promise<number | undefined> => {
    const found = existing.get(key);
    if (found !== undefined) return found;
    const entry = seedOf(menu, key);
    if (!entry) return undefined;
    const pid = entry.parentKey ? await insertEntry(entry.parentKey) : 0;
    if (pid === undefined) return undefined;
    const [last] = await tx
      .select({ sort: max(menus.sort) })
      .from(menus)
      .where(eq(menus.pid, pid));
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
    for (const key of addition.keys) await insertEntry(key);
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
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role.name)).limit(1);
  if (row) await tx.insert(identityRoles).values({ tenantId, identityId, roleId: row.id }).onConflictDoNothing();
}

export interface Grants {
  menus: MenuRow[];
  paths: Set<string>;
  /** 'path:code' of every function point granted. */
  functions: Set<string>;
}

/** Everything the current tenant's menu holds: what a super administrator acting as the tenant may use. */
export async function grantsOfTenant(tx: Tx): Promise<Grants> {
  const menuRows = await tx.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  const fnRows = await tx
    .select({ code: functionPoints.code, path: menus.path })
    .from(functionPoints)
    .innerJoin(menus, and(eq(menus.tenantId, functionPoints.tenantId), eq(menus.id, functionPoints.menuId)));
  return {
    menus: menuRows,
    paths: new Set(menuRows.map((m) => m.path).filter(Boolean)),
    functions: new Set(fnRows.map((f) => `${f.path}:${f.code}`)),
  };
}

/** The menus and function points the roles of an identity grant (RLS keeps it inside the tenant). */
export async function grantsOfIdentity(tx: Tx, identityId: number): Promise<Grants> {
  const roleIds = (
    await tx.select({ id: identityRoles.roleId }).from(identityRoles).where(eq(identityRoles.identityId, identityId))
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
    .where(inArray(roleMenus.roleId, roleIds))
    .orderBy(asc(menus.sort), asc(menus.id));
  const fnRows = await tx
    .selectDistinct({ code: functionPoints.code, path: menus.path })
    .from(roleFunctions)
    .innerJoin(
      functionPoints,
      and(eq(functionPoints.tenantId, roleFunctions.tenantId), eq(functionPoints.id, roleFunctions.functionId)),
    )
    .innerJoin(menus, and(eq(menus.tenantId, functionPoints.tenantId), eq(menus.id, functionPoints.menuId)))
    .where(inArray(roleFunctions.roleId, roleIds));
  return {
    menus: menuRows,
    paths: new Set(menuRows.map((m) => m.path).filter(Boolean)),
    functions: new Set(fnRows.map((f) => `${f.path}:${f.code}`)),
  };
}
