import {
  bigint,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from '../../platform/db/columns';
import { files } from '../../platform/files/tables';

/**
 * Tenant-owned: an appeal (人工申诉) of someone who cannot log in, made at /customerComplain without
 * a login. Found by the person through its number and phone; handled by staff at /appeal.
 */
export const appeals = pgTable(
  'appeals',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** The query number the person keeps: SS + yyyyMMdd + six digits. */
    number: text('number').notNull(),
    name: text('name').notNull(),
    /** The phone the appeal was made with (proved by an SMS code); the result is sent to it. */
    phone: text('phone').notNull(),
    /** The resident ID number, upper case. */
    idNumber: text('id_number').notNull(),
    /** APPEAL_CATEGORIES key. */
    category: text('category').notNull(),
    description: text('description').notNull(),
    /** The proof documents: files of the tenant uploaded with the appeal. */
    proofs: jsonb('proofs').$type<{ id: number; name: string; fileSize: number }[]>().notNull().default([]),
    contact: text('contact').notNull().default(''),
    /** AppealStatus: 0 pending, 1 accepted, 2 refused. */
    status: smallint('status').notNull().default(0),
    /** APPEAL_ACTIONS key when accepted. */
    action: text('action').notNull().default(''),
    /** The note of the action taken, or the reason of the refusal: what the person reads. */
    result: text('result').notNull().default(''),
    /** The account the action was taken on. */
    accountUserId: bigint('account_user_id', { mode: 'number' }),
    /**
     * 更换登录手机号: the account's login phone before the change ('' when it had none), kept with
     * the handler (handler_id, handler_name) and the time as the record of who changed it.
     */
    previousPhone: text('previous_phone').notNull().default(''),
    handlerId: bigint('handler_id', { mode: 'number' }),
    handlerName: text('handler_name').notNull().default(''),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('appeals_number').on(t.tenantId, t.number),
    index('appeals_status_created').on(t.tenantId, t.status, t.createdAt),
    index('appeals_phone').on(t.tenantId, t.phone),
  ],
);

/**
 * Tenant-owned: a proof document uploaded from the appeal page before submitting, kept with the
 * device key of that page (only its own submission may attach it) and the address (uploads are
 * limited per address).
 */
export const appealUploads = pgTable(
  'appeal_uploads',
  {
    tenantId: tenantIdColumn(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    deviceKeyHash: text('device_key_hash').notNull(),
    ip: text('ip').notNull().default(''),
    appealId: bigint('appeal_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.fileId] }),
    foreignKey({
      columns: [t.tenantId, t.fileId],
      foreignColumns: [files.tenantId, files.id],
      name: 'appeal_uploads_file_fk',
    }),
    foreignKey({
      columns: [t.tenantId, t.appealId],
      foreignColumns: [appeals.tenantId, appeals.id],
      name: 'appeal_uploads_appeal_fk',
    }),
    index('appeal_uploads_device').on(t.tenantId, t.deviceKeyHash),
    index('appeal_uploads_ip').on(t.tenantId, t.ip, t.createdAt),
  ],
);
