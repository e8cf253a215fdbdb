import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from '../db/columns';

/*
 * The directory: the people and organisations every module stands on (the login, the permission
 * check, the operation log, menus and every business module). It is platform, not a module, so
 * platform code never reaches into a module for them. The identity module owns the screens that
 * manage people, the org module those that manage units and departments.
 */
/**
 * Tenant-owned: the organisations of a tenant (the association itself, its member societies,
 * enterprises, universities ...), as a tree. orgType uses the spec's organisation codes.
 */
export const orgs = pgTable(
  'orgs',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    orgType: smallint('org_type').notNull(),
    /** Administrative region code (GB/T 2260), e.g. 330100 for a city. */
    regionCode: text('region_code'),
    sort: integer('sort').notNull().default(0),
    /** 1 active, 0 disabled. */
    status: smallint('status').notNull().default(1),
    /** The unit's introduction: rich text, cleaned on the way in. */
    description: text('description').notNull().default(''),
    /** Proof documents (licence, registration certificate): uploaded files of the tenant. */
    attachments: jsonb('attachments')
      .$type<{ id: number; name: string; filePath: string; fileSize: number }[]>()
      .notNull()
      .default([]),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.parentId], foreignColumns: [t.tenantId, t.id], name: 'orgs_parent_fk' }),
    index('orgs_tenant_parent').on(t.tenantId, t.parentId),
  ],
);

/**
 * Tenant-owned: the departments of the association's own office (/departmentManage), as a tree.
 * Staff belong to one through tenant_users.dept_id.
 */
export const departments = pgTable(
  'departments',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    leader: text('leader').notNull().default(''),
    phone: text('phone').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** 1 active, 0 disabled. */
    status: smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.parentId],
      foreignColumns: [t.tenantId, t.id],
      name: 'departments_parent_fk',
    }),
    index('departments_tenant_parent').on(t.tenantId, t.parentId),
  ],
);

/**
 * Global: a person, who logs in once and may belong to several tenants. Row-level security (not
 * forced; migration 0003) shows the app role only the people of the current tenant and the
 * session's own person; login looks people up through app_find_login() (security definer).
 */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    mobile: text('mobile'),
    account: text('account'),
    email: text('email').notNull().default(''),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** An operations super administrator may act as any tenant. */
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /** 1 active, 0 disabled. */
    status: smallint('status').notNull().default(1),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_mobile').on(t.mobile).where(sql`${t.mobile} is not null`),
    uniqueIndex('users_account').on(t.account).where(sql`${t.account} is not null`),
  ],
);

/** Tenant-owned: a person's membership of a tenant. */
export const tenantUsers = pgTable(
  'tenant_users',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** 1 unit user, 2 personal user, 3 social user, 4 enterprise user. */
    userType: smallint('user_type').notNull().default(2),
    deptId: bigint('dept_id', { mode: 'number' }),
    /** 1 active, 0 disabled, 2 waiting for review (/user-audit), 3 registration refused. */
    status: smallint('status').notNull().default(1),
    /** The reviewer's remark on a self-registration (/user-audit). */
    reviewRemark: text('review_remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    index('tenant_users_user').on(t.userId),
    foreignKey({
      columns: [t.tenantId, t.deptId],
      foreignColumns: [departments.tenantId, departments.id],
      name: 'tenant_users_dept_fk',
    }),
  ],
);

/** Tenant-owned: one identity of a person in a tenant (spec identity codes), in an organisation. */
export const identities = pgTable(
  'identities',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    identityCode: smallint('identity_code').notNull(),
    orgId: bigint('org_id', { mode: 'number' }),
    /** IdentityStatus: 1 active, 0 disabled, 2 pending review, 3 rejected, 4 not paid. */
    status: smallint('status').notNull().default(1),
    /** The reviewer's remark shown on the result pages. */
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.userId],
      name: 'identities_user_fk',
    }),
    foreignKey({ columns: [t.tenantId, t.orgId], foreignColumns: [orgs.tenantId, orgs.id], name: 'identities_org_fk' }),
    index('identities_user').on(t.tenantId, t.userId),
  ],
);
