import { boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from '../../platform/db/columns';

/**
 * Tenant-owned: a tenant's copy of a dictionary's items (字典管理). A dictionary has rows here
 * once the tenant opened or changed it: the built-in items are copied in first (builtin = true),
 * so the tenant renames, disables and reorders its own rows and never the defaults.
 */
export const dictItems = pgTable(
  'dict_items',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    dictCode: text('dict_code').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    sort: integer('sort').notNull().default(0),
    /** 1 enabled, 0 disabled (kept for records that hold the value). */
    status: smallint('status').notNull().default(1),
    builtin: boolean('builtin').notNull().default(false),
    taxCode: text('tax_code').notNull().default(''),
    taxTypeCode: text('tax_type_code').notNull().default(''),
    taxType: text('tax_type').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('dict_items_value').on(t.tenantId, t.dictCode, t.value),
    index('dict_items_order').on(t.tenantId, t.dictCode, t.sort, t.id),
  ],
);
