import { bigint, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from '../../platform/db/columns';

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
