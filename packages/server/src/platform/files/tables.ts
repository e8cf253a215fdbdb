import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn } from '../db/columns';

/**
 * Tenant-owned: an uploaded file. The bytes are in the storage (local disk or S3) under `path`;
 * they are only ever served through the API: a general file to a logged-in person of the tenant
 * (/systemfile/files/{id}), a file with a purpose only through its module's own route.
 */
export const files = pgTable(
  'files',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    storage: text('storage').notNull(),
    /** The object key: {tenant}/{yyyyMM}/{imgs|project-file}/{timestamp}-{name}. */
    path: text('path').notNull(),
    realFileName: text('real_file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    /** The spec's upload code: '012' (default) or '004'. */
    code: text('code').notNull().default('012'),
    /** pending: a presigned upload not yet confirmed; ready */
    status: text('status').notNull().default('ready'),
    userId: bigint('user_id', { mode: 'number' }),
    /**
     * Set only for images inserted into rich text, which readers see without logging in: the random
     * key of their public address (/systemfile/public/{key}). Every other file needs the token.
     */
    publicKey: text('public_key'),
    /**
     * '' for a general file (an avatar, a form's picture, an attachment), which anyone logged in to
     * the tenant may read at /systemfile/files/{id}. Otherwise the private use a module stored it
     * for ('appeals.proof': an ID-card scan): the general route refuses it, and only the module's
     * own route, with its own permission check, serves it (FilePurpose, README of platform/files).
     */
    purpose: text('purpose').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('files_path').on(t.tenantId, t.path),
    uniqueIndex('files_public_key').on(t.tenantId, t.publicKey),
  ],
);
