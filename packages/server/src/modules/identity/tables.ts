import { bigint, foreignKey, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantIdColumn, timestamps } from '../../platform/db/columns';
import { tenantUsers } from '../../platform/directory/tables';

/**
 * Tenant-owned: a person's member profile (会员资料) in one tenant, beside the name the person
 * keeps everywhere (users.name). A row exists once the person saved the member fields; none means
 * all of them are empty. Custom type 34 checks it against the tenant's required fields (README).
 */
export const memberProfiles = pgTable(
  'member_profiles',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** 男, 女, or '' when not given. */
    gender: text('gender').notNull().default(''),
    /** The resident ID number, upper case (GB 11643 checked on save). */
    idNumber: text('id_number').notNull().default(''),
    unitName: text('unit_name').notNull().default(''),
    title: text('title').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({
      columns: [t.tenantId, t.userId],
      foreignColumns: [tenantUsers.tenantId, tenantUsers.userId],
      name: 'member_profiles_user_fk',
    }),
  ],
);
