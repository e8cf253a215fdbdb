import { index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn } from '../db/columns';

/**
 * Tenant-owned: one captcha challenge. The answer never leaves the server; a challenge is checked
 * once (right or wrong), and a passed one yields a verification that one business call may spend.
 */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    token: text('token').notNull(),
    captchaType: text('captcha_type').notNull(),
    secretKey: text('secret_key').notNull(),
    /** blockPuzzle: { x, y } of the hole; clickWord: the centres of the words, in click order. */
    answer: jsonb('answer').$type<{ x: number; y: number } | { x: number; y: number }[]>().notNull(),
    /** 0 issued, 1 passed, 2 failed, 3 verification spent. */
    state: smallint('state').notNull().default(0),
    /** SHA-256 of the verification string, set when the check passes. */
    verificationHash: text('verification_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('captcha_challenges_token').on(t.tenantId, t.token),
    index('captcha_challenges_verification').on(t.tenantId, t.verificationHash),
    index('captcha_challenges_expiry').on(t.tenantId, t.expiresAt),
  ],
);
