import type { TDeclarationDefaults, TFlow, TGrade, TReviewDefaults, TScoreItem } from '@shetuan/shared/projects';
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, timestamps } from '../../../platform/db/columns';
import { reviewProjects } from '../tables';

/**
 * The operators' libraries and defaults (运营管理; the module README, "Operations"). Found by
 * drizzle-kit through ../tables.ts, which re-exports them.
 */

/** Tenant-owned: a review flow of the library (项目流程); a project copies it, never refers to it. */
export const reviewFlowLibrary = pgTable(
  'review_flow_library',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    flow: jsonb('flow').$type<TFlow>().notNull(),
    /** The flow a new project starts with; at most one per tenant. */
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('review_flow_library_name').on(t.tenantId, t.name)],
);

/** Tenant-owned: a scoring rule (评分规则): items with their maximum and weight. */
export const reviewScoreRules = pgTable(
  'review_score_rules',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    items: jsonb('items').$type<TScoreItem[]>().notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('review_score_rules_name').on(t.tenantId, t.name)],
);

/** Tenant-owned: a grading scheme (定级方案): method, grades from the highest, publicity days. */
export const reviewGradingSchemes = pgTable(
  'review_grading_schemes',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    method: text('method').notNull(),
    grades: jsonb('grades').$type<TGrade[]>().notNull(),
    publicityDays: smallint('publicity_days').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('review_grading_schemes_name').on(t.tenantId, t.name),
  ],
);

/** Tenant-owned: a value of a project element (项目要素): a category, a level or a year. */
export const reviewElements = pgTable(
  'review_elements',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** category | level | year */
    type: text('type').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('review_elements_name').on(t.tenantId, t.type, t.name),
  ],
);

/** Tenant-owned: a project's (or template's) classification, one value of each element type. */
export const reviewProjectElements = pgTable(
  'review_project_elements',
  {
    tenantId: tenantIdColumn(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    categoryId: bigint('category_id', { mode: 'number' }),
    levelId: bigint('level_id', { mode: 'number' }),
    yearId: bigint('year_id', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.projectId] }),
    foreignKey({
      columns: [t.tenantId, t.projectId],
      foreignColumns: [reviewProjects.tenantId, reviewProjects.id],
      name: 'review_project_elements_project_fk',
    }).onDelete('cascade'),
    index('review_project_elements_category').on(t.tenantId, t.categoryId),
    index('review_project_elements_level').on(t.tenantId, t.levelId),
    index('review_project_elements_year').on(t.tenantId, t.yearId),
  ],
);

/** Tenant-owned: the expert domains that review a project category (专家分类). */
export const reviewCategoryDomains = pgTable(
  'review_category_domains',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    domainIds: integer('domain_ids').array().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('review_category_domains_category').on(t.tenantId, t.categoryId),
  ],
);

/** Tenant-owned: a named group of unit types (组织类别) a project may admit as applicants. */
export const reviewOrgCategories = pgTable(
  'review_org_categories',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    orgTypes: smallint('org_types').array().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('review_org_categories_name').on(t.tenantId, t.name),
  ],
);

/** Tenant-owned: one row per tenant — 评审设置 and 运营设置 (absent: the schemas' defaults). */
export const reviewOperationSettings = pgTable('review_operation_settings', {
  tenantId: tenantIdColumn().primaryKey(),
  review: jsonb('review').$type<TReviewDefaults>(),
  declaration: jsonb('declaration').$type<TDeclarationDefaults>(),
  ...timestamps(),
});
