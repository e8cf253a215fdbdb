import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { DEFAULT_MENU, DEFAULT_ROLES, type MenuSeed, STANDARD_FUNCTIONS } from './default-menu';
import { functionPoints, identityRoles, menus, roleFunctions, roleMenus, roles } from './tables';

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
  await insertLevel(DEFAULT_MENU, 0);

  const leaves = DEFAULT_MENU.flatMap((g) => g.children ?? []).filter((m) => m.path?.startsWith('/'));
  const fnRows = await tx
    .insert(functionPoints)
    .values(
      leaves.flatMap((m) =>
        STANDARD_FUNCTIONS.map((f) => ({ tenantId, menuId: idsByKey.get(m.key) ?? 0, code: f.code, name: f.name })),
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
    const keys = new Set<string>();
    const add = (m: MenuSeed) => {
      if (role.except?.includes(m.key)) return;
      keys.add(m.key);
      for (const c of m.children ?? []) add(c);
    };
    for (const group of DEFAULT_MENU) {
      if (role.grants === 'all' || role.grants.includes(group.key)) add(group);
      else
        for (const child of group.children ?? []) {
          if (role.grants.includes(child.key)) {
            keys.add(group.key);
            add(child);
          }
        }
    }
    const menuIds = [...keys].map((k) => idsByKey.get(k)).filter((id): id is number => id !== undefined);
    if (menuIds.length > 0)
      await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ tenantId, roleId: row.id, menuId })));
    const granted = new Set(menuIds);
    const fns = fnRows.filter((f) => granted.has(f.menuId));
    if (fns.length > 0)
      await tx.insert(roleFunctions).values(fns.map((f) => ({ tenantId, roleId: row.id, functionId: f.id })));
  }
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
