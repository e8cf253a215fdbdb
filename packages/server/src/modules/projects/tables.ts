import type { TFlow, TProjectSettings } from '@shetuan/shared/projects';
import {
  bigint,
  boolean,
  doublePrecision,
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

/**
 * Tenant-owned: a project (a call for declarations): its flow of stages, its settings and its
 * declaration form (a form of the forms module, kind 'declaration'). The flow is fixed once the
 * project is published (declarations hold stage indexes into it).
 */
export const reviewProjects = pgTable(
  'review_projects',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** 0 not published, 1 open for declarations, 2 closed. */
    status: smallint('status').notNull().default(0),
    flow: jsonb('flow').$type<TFlow>().notNull(),
    settings: jsonb('settings').$type<TProjectSettings>().notNull(),
    /** The declaration form (form_projects.key) and the version frozen at publishing. */
    formKey: text('form_key').notNull(),
    formVersion: integer('form_version').notNull().default(0),
    isTemplate: boolean('is_template').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('review_projects_list').on(t.tenantId, t.isTemplate, t.createdAt),
  ],
);

/**
 * Tenant-owned: a declaration. Its state is (status, stage, level) of the shared flow model;
 * `data` is the current answers (values by field name), `version` counts its submissions (each
 * kept in review_declaration_versions). Result columns are written by the decision stage.
 */
export const reviewDeclarations = pgTable(
  'review_declarations',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    applicantUserId: bigint('applicant_user_id', { mode: 'number' }).notNull(),
    applicantIdentityId: bigint('applicant_identity_id', { mode: 'number' }).notNull(),
    /** The recommending unit (orgs.id): its first-trial accounts act on the declaration. */
    unitId: bigint('unit_id', { mode: 'number' }),
    title: text('title').notNull(),
    status: text('status').notNull().default('draft'),
    stage: smallint('stage').notNull().default(-1),
    level: smallint('level').notNull().default(0),
    version: integer('version').notNull().default(0),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    groupId: integer('group_id'),
    domains: integer('domains').array().notNull().default([]),
    score: doublePrecision('score'),
    /** 多轮评审: each closed expert round's figure by stage index; `score` is their combination. */
    roundScores: jsonb('round_scores').$type<Record<string, number>>().notNull().default({}),
    rank: integer('rank'),
    grade: text('grade'),
    /** approved | not_approved, once decided. */
    result: text('result'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    publicityEndsAt: timestamp('publicity_ends_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.projectId],
      foreignColumns: [reviewProjects.tenantId, reviewProjects.id],
      name: 'review_declarations_project_fk',
    }),
    index('review_declarations_project').on(t.tenantId, t.projectId, t.status, t.stage),
    index('review_declarations_applicant').on(t.tenantId, t.applicantUserId, t.createdAt),
    index('review_declarations_unit').on(t.tenantId, t.unitId, t.status, t.stage),
  ],
);

/** Tenant-owned: each submitted version of a declaration, never changed once written. */
export const reviewDeclarationVersions = pgTable(
  'review_declaration_versions',
  {
    tenantId: tenantIdColumn(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.declarationId, t.version] }),
    foreignKey({
      columns: [t.tenantId, t.declarationId],
      foreignColumns: [reviewDeclarations.tenantId, reviewDeclarations.id],
      name: 'review_declaration_versions_fk',
    }).onDelete('cascade'),
  ],
);

/** Tenant-owned: every change of a declaration's state (the timeline): who, when, from, to, why. */
export const reviewTransitions = pgTable(
  'review_transitions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    /** The stage acted at (-1 for the applicant's own actions before any stage). */
    stage: smallint('stage').notNull(),
    fromText: text('from_text').notNull(),
    toText: text('to_text').notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }).notNull(),
    actorName: text('actor_name').notNull(),
    /** The unit the actor acted for (first trial): quotas count these. */
    actorUnitId: bigint('actor_unit_id', { mode: 'number' }),
    remark: text('remark').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.declarationId],
      foreignColumns: [reviewDeclarations.tenantId, reviewDeclarations.id],
      name: 'review_transitions_declaration_fk',
    }).onDelete('cascade'),
    index('review_transitions_declaration').on(t.tenantId, t.declarationId, t.id),
    index('review_transitions_project').on(t.tenantId, t.projectId, t.stage, t.action),
  ],
);

/**
 * Tenant-owned: an expert's review of a declaration in one expert round (stage). One row per
 * (declaration, stage, expert): two administrators allocating at once cannot assign a pair twice.
 */
export const reviewAssignments = pgTable(
  'review_assignments',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    stage: smallint('stage').notNull(),
    expertUserId: bigint('expert_user_id', { mode: 'number' }).notNull(),
    /** 0 assigned, 1 submitted. */
    status: smallint('status').notNull().default(0),
    scores: jsonb('scores').$type<Record<string, number>>(),
    total: doublePrecision('total'),
    opinion: text('opinion'),
    comment: text('comment').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    assignedBy: bigint('assigned_by', { mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.declarationId],
      foreignColumns: [reviewDeclarations.tenantId, reviewDeclarations.id],
      name: 'review_assignments_declaration_fk',
    }).onDelete('cascade'),
    uniqueIndex('review_assignments_pair').on(t.tenantId, t.declarationId, t.stage, t.expertUserId),
    index('review_assignments_expert').on(t.tenantId, t.expertUserId, t.status),
    index('review_assignments_project').on(t.tenantId, t.projectId, t.stage, t.declarationId, t.id),
  ],
);

/** Tenant-owned: an expert's declared conflict of interest with a unit (回避单位). */
export const reviewConflicts = pgTable(
  'review_conflicts',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    expertUserId: bigint('expert_user_id', { mode: 'number' }).notNull(),
    unitId: bigint('unit_id', { mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('review_conflicts_pair').on(t.tenantId, t.expertUserId, t.unitId),
  ],
);

/**
 * Tenant-owned: a review group of a project (分组评审). In a grouped expert round a declaration of
 * the group is reviewed only by the group's experts (review_declarations.group_id).
 */
export const reviewGroups = pgTable(
  'review_groups',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    expertUserIds: bigint('expert_user_ids', { mode: 'number' }).array().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.projectId],
      foreignColumns: [reviewProjects.tenantId, reviewProjects.id],
      name: 'review_groups_project_fk',
    }).onDelete('cascade'),
    uniqueIndex('review_groups_project_name').on(t.tenantId, t.projectId, t.name),
  ],
);

// 运营管理's libraries and defaults (operations/tables.ts), here so drizzle-kit finds them.
export * from './operations/tables';
