import type { TProfileChange } from '@shetuan/shared/experts';
import {
  bigint,
  boolean,
  date,
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
    pendingChange: jsonb('pending_change').$type<TProfileChange>(),
    changeSubmittedAt: timestamp('change_submitted_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Answers to the tenant's own questions (专家信息配置), checked against this form version. */
    formAnswers: jsonb('form_answers').$type<Record<string, unknown>>().notNull().default({}),
    formKey: text('form_key'),
    formVersion: integer('form_version').notNull().default(0),
    /** The call (专家征集) a waiting registration came through: decided in the call, not in 专家审核. */
    callId: bigint('call_id', { mode: 'number' }),
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

/** Tenant-owned, one row per tenant: the expert library's settings (the tenant's expert form). */
export const expertSettings = pgTable(
  'expert_settings',
  {
    tenantId: tenantIdColumn(),
    /** The forms module's form (kind expert) with the tenant's own questions; null: none. */
    formKey: text('form_key'),
    /** The person who keeps it in the designer. */
    formOwnerId: bigint('form_owner_id', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] })],
);

/** Tenant-owned: a call for experts (专家征集); open from open_date to close_date (China days). */
export const expertCalls = pgTable(
  'expert_calls',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    domainIds: bigint('domain_ids', { mode: 'number' }).array().notNull().default([]),
    labelId: bigint('label_id', { mode: 'number' }).notNull(),
    quota: integer('quota').notNull(),
    openDate: date('open_date', { mode: 'string' }).notNull(),
    closeDate: date('close_date', { mode: 'string' }).notNull(),
    /** 提前结束: no applications after this, whatever the close date. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdByName: text('created_by_name').notNull().default(''),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('expert_calls_dates').on(t.tenantId, t.closeDate)],
);

/**
 * Tenant-owned: an application to a call: an expert of the library joining (join) or a person
 * registering through it (register). `status` pending → approved / refused (with the reason).
 */
export const expertCallApplications = pgTable(
  'expert_call_applications',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    callId: bigint('call_id', { mode: 'number' }).notNull(),
    expertId: bigint('expert_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.callId], foreignColumns: [expertCalls.tenantId, expertCalls.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.expertId], foreignColumns: [experts.tenantId, experts.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('expert_call_applications_one').on(t.tenantId, t.callId, t.expertId),
    index('expert_call_applications_expert').on(t.tenantId, t.expertId),
  ],
);

/** Tenant-owned: what happened to an expert's record (the detail's history), who did it and when. */
export const expertEvents = pgTable(
  'expert_events',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    expertId: bigint('expert_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    /** The person who acted (the caller's app.user_id), null for the system. */
    actorId: bigint('actor_id', { mode: 'number' }),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.expertId], foreignColumns: [experts.tenantId, experts.id] }).onDelete(
      'cascade',
    ),
    index('expert_events_expert').on(t.tenantId, t.expertId, t.id),
  ],
);
