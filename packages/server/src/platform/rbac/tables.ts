import { bigint, boolean, foreignKey, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from '../db/columns';
import { identities } from '../directory/tables';

/** Tenant-owned: the menu tree of a tenant (spec 001 §2.18), configured at /setMenu. */
export const menus = pgTable(
  'menus',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** 0 for a top-level group. */
    pid: bigint('pid', { mode: 'number' }).notNull().default(0),
    name: text('name').notNull(),
    path: text('path').notNull().default(''),
    img: text('img').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** A stable key for built-in entries (regrouping by custom type 20 finds them by it). */
    key: text('key').notNull(),
    /** Part of the hidden activity-level menu (spec 000 §4). */
    hidden: boolean('hidden').notNull().default(false),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('menus_key').on(t.tenantId, t.key)],
);

/** Tenant-owned: a function point (a button) under a menu, configured at /function. */
export const functionPoints = pgTable(
  'function_points',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    menuId: bigint('menu_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.menuId],
      foreignColumns: [menus.tenantId, menus.id],
      name: 'function_points_menu_fk',
    }).onDelete('cascade'),
    uniqueIndex('function_points_code').on(t.tenantId, t.menuId, t.code),
  ],
);

/** Tenant-owned: a role grants menus and function points; identities get roles. */
export const roles = pgTable(
  'roles',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    /** One of the roles every tenant starts with (DEFAULT_ROLES): its grants change, it is never deleted. */
    builtin: boolean('builtin').notNull().default(false),
    /** The role new identities of this code receive (null: assigned by hand only). */
    defaultForIdentityCode: integer('default_for_identity_code'),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('roles_name').on(t.tenantId, t.name)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    tenantId: tenantIdColumn(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    menuId: bigint('menu_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.menuId] }),
    foreignKey({
      columns: [t.tenantId, t.roleId],
      foreignColumns: [roles.tenantId, roles.id],
      name: 'role_menus_role_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.menuId],
      foreignColumns: [menus.tenantId, menus.id],
      name: 'role_menus_menu_fk',
    }).onDelete('cascade'),
  ],
);

export const roleFunctions = pgTable(
  'role_functions',
  {
    tenantId: tenantIdColumn(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    functionId: bigint('function_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.functionId] }),
    foreignKey({
      columns: [t.tenantId, t.roleId],
      foreignColumns: [roles.tenantId, roles.id],
      name: 'role_functions_role_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.functionId],
      foreignColumns: [functionPoints.tenantId, functionPoints.id],
      name: 'role_functions_function_fk',
    }).onDelete('cascade'),
  ],
);

export const identityRoles = pgTable(
  'identity_roles',
  {
    tenantId: tenantIdColumn(),
    identityId: bigint('identity_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.identityId, t.roleId] }),
    foreignKey({
      columns: [t.tenantId, t.identityId],
      foreignColumns: [identities.tenantId, identities.id],
      name: 'identity_roles_identity_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.roleId],
      foreignColumns: [roles.tenantId, roles.id],
      name: 'identity_roles_role_fk',
    }).onDelete('cascade'),
  ],
);

/** Tenant-owned: the version of the default menu the tenant's menu has been brought to (menuAdditions). */
export const menuVersions = pgTable('menu_versions', {
  tenantId: tenantIdColumn().primaryKey(),
  version: integer('version').notNull(),
});
