import {
  bigint,
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, tenantIdColumnUnreferenced } from '../db/columns';
import { identities, users } from '../directory/tables';

/** Tenant-owned: a login session. The token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    identityId: bigint('identity_id', { mode: 'number' }),
    /** The person chose this tenant at /chooseSociety (asked once per login when they belong to several). */
    societyChosen: boolean('society_chosen').notNull().default(false),
    /** HMAC key for request signatures, issued at login. */
    signKey: text('sign_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, kicked (an administrator forced it out), replaced (identity switch), password */
    revokeReason: text('revoke_reason'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sessions_token').on(t.tenantId, t.tokenHash),
    foreignKey({
      columns: [t.tenantId, t.identityId],
      foreignColumns: [identities.tenantId, identities.id],
      name: 'sessions_identity_fk',
    }),
    index('sessions_user').on(t.tenantId, t.userId),
  ],
);

/** Tenant-owned: signatures already accepted, kept for the 5-minute window (replay guard). */
export const usedSignatures = pgTable(
  'used_signatures',
  {
    tenantId: tenantIdColumnUnreferenced(),
    sign: text('sign').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.sign] }), index('used_signatures_expiry').on(t.expiresAt)],
);

/**
 * Global: recent failed logins by key ('login:<account>' or 'ip:<address>'), for the captcha
 * (5 in 15 minutes) and lock (10) thresholds. Global on purpose: an attack does not stop at a tenant.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at').on(t.key, t.at)],
);

/**
 * Tenant-owned: a one-time member entry ticket (spec 000 §2: a member entry arrives with member
 * token, identity id and user id in the query). Issued by a logged-in identity for itself, valid
 * two minutes, spent by its first use; only the SHA-256 of the token is kept.
 */
export const entryTickets = pgTable(
  'entry_tickets',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    identityId: bigint('identity_id', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('entry_tickets_token').on(t.tenantId, t.tokenHash),
    foreignKey({
      columns: [t.tenantId, t.identityId],
      foreignColumns: [identities.tenantId, identities.id],
      name: 'entry_tickets_identity_fk',
    }),
  ],
);
