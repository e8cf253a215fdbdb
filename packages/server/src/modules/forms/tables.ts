import type { TFormField, TFormProjectSettings, TFormSchema, TFormTheme } from '@shetuan/shared/forms';
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

/**
 * Tenant-owned: a form of the /project area (questionnaire, registration, declaration). `schema`
 * is what the designer edits; publishing freezes it as the next row of form_versions, and answers
 * always name the version they were validated against.
 */
export const formProjects = pgTable(
  'form_projects',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** The public handle: /s/{key}. */
    key: text('key').notNull(),
    /** The designer variant (a module's kind or the tenant's own, form_kinds): which questions are fixed. */
    kind: text('kind').notNull().default('project'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).notNull(),
    /** 0 not published, 1 collecting, 2 stopped. */
    status: smallint('status').notNull().default(0),
    schema: jsonb('schema').$type<TFormSchema>().notNull(),
    settings: jsonb('settings').$type<TFormProjectSettings>().notNull(),
    theme: jsonb('theme').$type<TFormTheme>().notNull(),
    publishedVersion: integer('published_version').notNull().default(0),
    /** A template of the tenant (/project/template). */
    isTemplate: boolean('is_template').notNull().default(false),
    /** The template the form was created from, by name as it was then ('' for a blank form). */
    templateName: text('template_name').notNull().default(''),
    /** In the recycle bin since. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('form_projects_key').on(t.tenantId, t.key),
    index('form_projects_owner').on(t.tenantId, t.ownerUserId, t.updatedAt),
  ],
);

/** Tenant-owned: a published version of a form's schema (never changed once written). */
export const formVersions = pgTable(
  'form_versions',
  {
    tenantId: tenantIdColumn(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    schema: jsonb('schema').$type<TFormSchema>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.projectId, t.version] }),
    foreignKey({
      columns: [t.tenantId, t.projectId],
      foreignColumns: [formProjects.tenantId, formProjects.id],
      name: 'form_versions_project_fk',
    }).onDelete('cascade'),
  ],
);

/** Tenant-owned: a submitted answer, in the spec's stored pairs (field name -> string). */
export const formAnswers = pgTable(
  'form_answers',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    /** 1, 2, 3 … per form: the answer's number as the owner sees it. */
    serial: integer('serial').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    /** Lower-cased text of every answer, for the list's keyword search. */
    searchText: text('search_text').notNull().default(''),
    userId: bigint('user_id', { mode: 'number' }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    deviceId: text('device_id'),
    seconds: integer('seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('form_answers_serial').on(t.tenantId, t.projectId, t.serial),
    index('form_answers_project').on(t.tenantId, t.projectId, t.createdAt),
    foreignKey({
      columns: [t.tenantId, t.projectId, t.version],
      foreignColumns: [formVersions.tenantId, formVersions.projectId, formVersions.version],
      name: 'form_answers_version_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * Tenant-owned: an unfinished fill, saved as the person types and resumed on any device (a
 * logged-in person's draft follows them; a visitor's stays with the device id).
 */
export const formDrafts = pgTable(
  'form_drafts',
  {
    tenantId: tenantIdColumn(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    /** 'u:{userId}' or 'd:{deviceId}'. */
    owner: text('owner').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.projectId, t.owner] }),
    foreignKey({
      columns: [t.tenantId, t.projectId],
      foreignColumns: [formProjects.tenantId, formProjects.id],
      name: 'form_drafts_project_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * Tenant-owned: a file uploaded while filling a form, and who uploaded it ('u:{userId}' or
 * 'd:{deviceId}'). A submission may only name files its filler uploaded to that form.
 */
export const formFiles = pgTable(
  'form_files',
  {
    tenantId: tenantIdColumn(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    owner: text('owner').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.projectId, t.fileId] }),
    foreignKey({
      columns: [t.tenantId, t.projectId],
      foreignColumns: [formProjects.tenantId, formProjects.id],
      name: 'form_files_project_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * Tenant-owned: the tenant's own kinds of form, made from one of its forms (a regional declaration
 * variant): the questions chosen there are fixed in every form of the kind. The modules' kinds
 * live in their manifests.
 */
export const formKinds = pgTable(
  'form_kinds',
  {
    tenantId: tenantIdColumn(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    fixed: jsonb('fixed').$type<TFormField[]>().notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] }), uniqueIndex('form_kinds_name').on(t.tenantId, t.name)],
);
