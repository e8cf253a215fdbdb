import type { TExpertProfile } from '@shetuan/shared/experts';
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
import { idColumn, tenantIdColumn, timestamps } from '../../platform/db/columns';

/** Tenant-owned: the tree of professional domains (专业领域) experts are classified by. */
export const expertDomains = pgTable(
  'expert_domains',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.parentId],
      foreignColumns: [t.tenantId, t.id],
      name: 'expert_domains_parent_fk',
    }),
    index('expert_domains_tenant_parent').on(t.tenantId, t.parentId),
  ],
);

/** Tenant-owned: labels put on experts (人才库, 智库, a regional list). */
export const expertLabels = pgTable(
  'expert_labels',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('expert_labels_tenant_name').on(t.tenantId, t.name)],
);

/**
 * Tenant-owned: an expert of the library, one per person and tenant. `status` 0 待审核, 1 已入库,
 * 2 未通过, 3 已停用 (ExpertStatus). The expert identity (code 3) follows it: pending while the
 * registration waits, active once approved. An expert's own change to an approved profile waits in
 * `pending_change` until an administrator approves it.
 */
export const experts = pgTable(
  'experts',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    identityId: bigint('identity_id', { mode: 'number' }),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    gender: text('gender').notNull().default(''),
    email: text('email').notNull().default(''),
    unitId: bigint('unit_id', { mode: 'number' }),
    unitName: text('unit_name').notNull().default(''),
    position: text('position').notNull().default(''),
    title: text('title').notNull().default(''),
    education: text('education').notNull().default(''),
    regionCode: text('region_code').notNull().default(''),
    domainIds: bigint('domain_ids', { mode: 'number' }).array().notNull().default([]),
    labelIds: bigint('label_ids', { mode: 'number' }).array().notNull().default([]),
    avoidUnitIds: bigint('avoid_unit_ids', { mode: 'number' }).array().notNull().default([]),
    intro: text('intro').notNull().default(''),
    status: smallint('status').notNull().default(0),
    /** register (本人申请) or admin (后台添加). */
    source: text('source').notNull().default('register'),
    rejectReason: text('reject_reason').notNull().default(''),
    pendingChange: jsonb('pending_change').$type<TExpertProfile>(),
    changeSubmittedAt: timestamp('change_submitted_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('experts_tenant_user').on(t.tenantId, t.userId),
    index('experts_tenant_status').on(t.tenantId, t.status, t.id),
    index('experts_domains').using('gin', t.domainIds),
    index('experts_labels').using('gin', t.labelIds),
  ],
);

/** One slot of a draw as recorded: the criteria and the eligible experts at the time (ascending). */
export interface RecordedSlot {
  domainId: number | null;
  labelId: number | null;
  regionCode: string | null;
  count: number;
  substitutes: number;
  candidates: number[];
}

/** Tenant-owned: a random draw (专家遴选) with its seed and recorded candidates (re-runnable). */
export const expertDraws = pgTable(
  'expert_draws',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    title: text('title').notNull(),
    remark: text('remark').notNull().default(''),
    seed: text('seed').notNull(),
    slots: jsonb('slots').$type<RecordedSlot[]>().notNull(),
    excludeUnitIds: bigint('exclude_unit_ids', { mode: 'number' }).array().notNull().default([]),
    excludeExpertIds: bigint('exclude_expert_ids', { mode: 'number' }).array().notNull().default([]),
    excludeRecentDays: integer('exclude_recent_days').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdByName: text('created_by_name').notNull().default(''),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('expert_draws_tenant_created').on(t.tenantId, t.id)],
);

/**
 * Tenant-owned: a drawn expert or a substitute of a draw. `status` waiting (候补) → invited (待确认)
 * → confirmed / declined. The invitation link carries a token; only its SHA-256 is stored.
 */
export const expertDrawPicks = pgTable(
  'expert_draw_picks',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    drawId: bigint('draw_id', { mode: 'number' }).notNull(),
    slot: smallint('slot').notNull(),
    position: smallint('position').notNull(),
    substitute: boolean('substitute').notNull(),
    expertId: bigint('expert_id', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull().default(''),
    tokenHash: text('token_hash'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    respondedBy: text('responded_by').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.drawId], foreignColumns: [expertDraws.tenantId, expertDraws.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.expertId], foreignColumns: [experts.tenantId, experts.id] }),
    index('expert_draw_picks_draw').on(t.tenantId, t.drawId, t.slot, t.position),
    index('expert_draw_picks_expert').on(t.tenantId, t.expertId, t.invitedAt),
    uniqueIndex('expert_draw_picks_token').on(t.tenantId, t.tokenHash),
  ],
);
