import { likePattern, type TPage, type TPageQuery } from '@shetuan/shared';
import type { TFormAnswer, TFormSchema } from '@shetuan/shared/forms';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db';
import { users } from '../../platform/directory/tables';
import { formAnswers, formDrafts, formFiles, formKinds, formProjects, formVersions } from './tables';

/*
 * The form engine's SQL. Every function names the tenant in its WHERE, INSERT and JOIN
 * conditions (docs/scale-out.md: only an explicit tenant predicate routes a query to one shard);
 * row-level security stays as the safety net.
 */

export type ProjectRow = typeof formProjects.$inferSelect;
export type ProjectChange = Partial<
  Pick<
    ProjectRow,
    'schema' | 'settings' | 'theme' | 'name' | 'description' | 'isTemplate' | 'status' | 'publishedVersion'
  >
>;

const projectOf = (tenantId: number, id: number) => and(eq(formProjects.tenantId, tenantId), eq(formProjects.id, id));
const answersOf = (tenantId: number, projectId: number) =>
  and(eq(formAnswers.tenantId, tenantId), eq(formAnswers.projectId, projectId));

/** Today's start in Asia/Shanghai, as the database compares it. */
const todayStart = sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;

/**
 * A form's answer count, counted (no counter column: a counter row every submission updates would
 * make all submissions to one form wait for each other).
 */
const answerCountSql = sql<number>`(select count(*)::int from form_answers a
  where a.tenant_id = ${formProjects.tenantId} and a.project_id = ${formProjects.id})`;

// ---- Forms (form_projects) ----

/** The owner's form by its key, in the recycle bin (`deleted`) or not. */
export async function findOwnProject(
  tx: Tx,
  tenantId: number,
  userId: number,
  key: string,
  deleted: boolean,
): Promise<ProjectRow | undefined> {
  const [p] = await tx
    .select()
    .from(formProjects)
    .where(
      and(
        eq(formProjects.tenantId, tenantId),
        eq(formProjects.key, key),
        eq(formProjects.ownerUserId, userId),
        deleted ? isNotNull(formProjects.deletedAt) : isNull(formProjects.deletedAt),
      ),
    );
  return p;
}

/** A form by its key, not in the recycle bin (the fill page). */
export async function findPublicProject(tx: Tx, tenantId: number, key: string): Promise<ProjectRow | undefined> {
  const [p] = await tx
    .select()
    .from(formProjects)
    .where(and(eq(formProjects.tenantId, tenantId), eq(formProjects.key, key), isNull(formProjects.deletedAt)));
  return p;
}

/** The form's row, locked for the rest of the transaction. */
export async function lockProject(tx: Tx, tenantId: number, id: number): Promise<ProjectRow | undefined> {
  const [locked] = await tx.select().from(formProjects).where(projectOf(tenantId, id)).for('update');
  return locked;
}

export interface ProjectListFilter extends TPageQuery {
  status?: number | undefined;
}

/** A page of the owner's forms ('mine', 'recycle', 'templates'), each with its answer count. */
export async function listOwnProjects(
  tx: Tx,
  tenantId: number,
  userId: number,
  query: ProjectListFilter,
  where: 'mine' | 'recycle' | 'templates',
): Promise<{ rows: { p: ProjectRow; answers: number }[]; total: number }> {
  const filters: (SQL | undefined)[] = [eq(formProjects.tenantId, tenantId), eq(formProjects.ownerUserId, userId)];
  if (where === 'recycle') filters.push(isNotNull(formProjects.deletedAt));
  else filters.push(isNull(formProjects.deletedAt));
  if (where === 'templates') filters.push(eq(formProjects.isTemplate, true));
  if (query.keyword) {
    const k = likePattern(query.keyword);
    filters.push(or(ilike(formProjects.name, k), ilike(formProjects.description, k)));
  }
  if (query.status !== undefined) filters.push(eq(formProjects.status, query.status));
  const cond = and(...filters);
  const [total] = await tx.select({ n: count() }).from(formProjects).where(cond);
  const rows = await tx
    .select({ p: formProjects, answers: answerCountSql })
    .from(formProjects)
    .where(cond)
    .orderBy(desc(where === 'recycle' ? formProjects.deletedAt : formProjects.updatedAt), desc(formProjects.id))
    .limit(query.pageSize)
    .offset((query.current - 1) * query.pageSize);
  return { rows, total: total?.n ?? 0 };
}

const templatesOf = (tenantId: number, keyword: string) =>
  and(
    eq(formProjects.tenantId, tenantId),
    eq(formProjects.isTemplate, true),
    isNull(formProjects.deletedAt),
    keyword ? ilike(formProjects.name, likePattern(keyword)) : undefined,
  );

/** How many templates of the tenant match the keyword (already trimmed and lower-cased). */
export async function countTenantTemplates(tx: Tx, tenantId: number, keyword: string): Promise<number> {
  const [total] = await tx.select({ n: count() }).from(formProjects).where(templatesOf(tenantId, keyword));
  return total?.n ?? 0;
}

/** The tenant's templates matching the keyword, newest first. */
export function listTenantTemplates(
  tx: Tx,
  tenantId: number,
  keyword: string,
  limit: number,
  offset: number,
): Promise<ProjectRow[]> {
  return tx
    .select()
    .from(formProjects)
    .where(templatesOf(tenantId, keyword))
    .orderBy(desc(formProjects.updatedAt), desc(formProjects.id))
    .limit(limit)
    .offset(offset);
}

/** A template of the tenant by its key. */
export async function findTenantTemplate(
  tx: Tx,
  tenantId: number,
  key: string,
): Promise<{ name: string; schema: TFormSchema } | undefined> {
  const [row] = await tx
    .select({ name: formProjects.name, schema: formProjects.schema })
    .from(formProjects)
    .where(
      and(
        eq(formProjects.tenantId, tenantId),
        eq(formProjects.key, key),
        eq(formProjects.isTemplate, true),
        isNull(formProjects.deletedAt),
      ),
    );
  return row;
}

export async function insertProject(
  tx: Tx,
  tenantId: number,
  values: Omit<typeof formProjects.$inferInsert, 'tenantId' | 'id'>,
): Promise<ProjectRow | undefined> {
  const [row] = await tx
    .insert(formProjects)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

/** Applies the change (updated_at is set); the changed row, or undefined when it is gone. */
export async function updateProject(
  tx: Tx,
  tenantId: number,
  id: number,
  change: ProjectChange,
): Promise<ProjectRow | undefined> {
  const [row] = await tx
    .update(formProjects)
    .set({ ...change, updatedAt: new Date() })
    .where(projectOf(tenantId, id))
    .returning();
  return row;
}

/** Into the recycle bin, with the status given. */
export async function markProjectDeleted(tx: Tx, tenantId: number, id: number, status: number): Promise<void> {
  await tx.update(formProjects).set({ deletedAt: new Date(), status }).where(projectOf(tenantId, id));
}

export async function restoreProject(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.update(formProjects).set({ deletedAt: null, updatedAt: new Date() }).where(projectOf(tenantId, id));
}

/** Deletes the form with its answers (versions, drafts and upload records go by cascade). */
export async function deleteProject(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.execute(sql`delete from form_answers where tenant_id = ${tenantId} and project_id = ${id}`);
  await tx.delete(formProjects).where(projectOf(tenantId, id));
}

// ---- Published versions (form_versions) ----

export async function findVersion(
  tx: Tx,
  tenantId: number,
  projectId: number,
  version: number,
): Promise<typeof formVersions.$inferSelect | undefined> {
  const [v] = await tx
    .select()
    .from(formVersions)
    .where(
      and(
        eq(formVersions.tenantId, tenantId),
        eq(formVersions.projectId, projectId),
        eq(formVersions.version, version),
      ),
    );
  return v;
}

/** The schema of one published version (the fill page's read). */
export async function findVersionSchema(
  tx: Tx,
  tenantId: number,
  projectId: number,
  version: number,
): Promise<TFormSchema | undefined> {
  const [v] = await tx
    .select({ schema: formVersions.schema })
    .from(formVersions)
    .where(
      and(
        eq(formVersions.tenantId, tenantId),
        eq(formVersions.projectId, projectId),
        eq(formVersions.version, version),
      ),
    );
  return v?.schema;
}

/** The form's highest version number, 0 when none. */
export async function lastVersion(tx: Tx, tenantId: number, projectId: number): Promise<number> {
  const [last] = await tx
    .select({ v: max(formVersions.version) })
    .from(formVersions)
    .where(and(eq(formVersions.tenantId, tenantId), eq(formVersions.projectId, projectId)));
  return last?.v ?? 0;
}

export async function insertVersion(
  tx: Tx,
  tenantId: number,
  projectId: number,
  version: number,
  schema: TFormSchema,
): Promise<void> {
  await tx.insert(formVersions).values({ tenantId, projectId, version, schema });
}

// ---- Answers (form_answers) ----

/** Which answers of a form to count: all, today's, or one filler's (person, network address, device). */
export type AnswerCountFilter =
  | { today: true }
  | { userId: number }
  | { ip: string }
  | { deviceId: string }
  | undefined;

function countFilter(filter: AnswerCountFilter): SQL | undefined {
  if (!filter) return undefined;
  if ('today' in filter) return gte(formAnswers.createdAt, todayStart);
  if ('userId' in filter) return eq(formAnswers.userId, filter.userId);
  if ('ip' in filter) return eq(formAnswers.ip, filter.ip);
  return eq(formAnswers.deviceId, filter.deviceId);
}

export async function countAnswers(
  tx: Tx,
  tenantId: number,
  projectId: number,
  filter?: AnswerCountFilter,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(formAnswers)
    .where(and(answersOf(tenantId, projectId), countFilter(filter)));
  return row?.n ?? 0;
}

export interface AnswerFilter {
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function answerFilter(tenantId: number, projectId: number, q: AnswerFilter): SQL | undefined {
  return and(
    eq(formAnswers.tenantId, tenantId),
    eq(formAnswers.projectId, projectId),
    q.keyword ? ilike(formAnswers.searchText, likePattern(q.keyword.toLowerCase())) : undefined,
    q.from ? gte(formAnswers.createdAt, new Date(q.from)) : undefined,
    q.to ? sql`${formAnswers.createdAt} < ${new Date(q.to)}::timestamptz + interval '1 day'` : undefined,
  );
}

/** A page of a form's answers, newest first, with the filler's name. */
export async function listAnswers(
  tx: Tx,
  tenantId: number,
  projectId: number,
  q: AnswerFilter & TPageQuery,
): Promise<TPage<TFormAnswer>> {
  const where = answerFilter(tenantId, projectId, q);
  const [total] = await tx.select({ n: count() }).from(formAnswers).where(where);
  const rows = await tx
    .select({ a: formAnswers, userName: users.name })
    .from(formAnswers)
    // users is a global table (a person may belong to several tenants): no tenant predicate applies.
    .leftJoin(users, eq(users.id, formAnswers.userId))
    .where(where)
    .orderBy(desc(formAnswers.serial))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  return {
    records: rows.map(({ a, userName }) => ({
      id: a.id,
      serial: a.serial,
      version: a.version,
      data: a.data,
      userId: a.userId,
      userName: userName ?? '',
      ip: a.ip,
      userAgent: a.userAgent,
      seconds: a.seconds,
      createdAt: a.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    current: q.current,
    pageSize: q.pageSize,
  };
}

export async function deleteAnswer(tx: Tx, tenantId: number, projectId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(formAnswers)
    .where(and(eq(formAnswers.tenantId, tenantId), eq(formAnswers.projectId, projectId), eq(formAnswers.id, id)))
    .returning({ id: formAnswers.id });
  return rows.length > 0;
}

/** The answer number from the form's own sequence (no row lock). */
export async function nextAnswerSerial(tx: Tx, tenantId: number, projectId: number): Promise<number | null> {
  const [numbered] = await queryRows<{ serial: number }>(
    tx,
    sql`select app_next_form_serial(${tenantId}, ${projectId}) as serial`,
  );
  return numbered ? Number(numbered.serial) : null;
}

export async function insertAnswer(
  tx: Tx,
  tenantId: number,
  values: Omit<typeof formAnswers.$inferInsert, 'tenantId' | 'id'>,
): Promise<void> {
  await tx.insert(formAnswers).values({ ...values, tenantId });
}

// ---- Statistics ----

/** Totals of a form's answers: all, today's (Asia/Shanghai), and the average time taken. */
export async function answerTotals(
  tx: Tx,
  tenantId: number,
  projectId: number,
): Promise<{ total: number; today: number; averageSeconds: number | null } | undefined> {
  const [totals] = await tx
    .select({
      total: count(),
      today:
        sql<number>`count(*) filter (where ${formAnswers.createdAt} >= (date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'))`.mapWith(
          Number,
        ),
      averageSeconds: sql<number | null>`avg(${formAnswers.seconds})`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(formAnswers)
    .where(answersOf(tenantId, projectId));
  return totals;
}

/** The answers of each of the last 30 days (Asia/Shanghai), zero days included. */
export function dailyAnswerCounts(
  tx: Tx,
  tenantId: number,
  projectId: number,
): Promise<{ day: string; count: number }[]> {
  return queryRows<{ day: string; count: number }>(
    tx,
    sql`
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(a.n, 0)::int as count
    from generate_series(
      (now() at time zone 'Asia/Shanghai')::date - 29, (now() at time zone 'Asia/Shanghai')::date, interval '1 day'
    ) as d(day)
    left join (
      select (created_at at time zone 'Asia/Shanghai')::date as day, count(*) as n
      from form_answers where tenant_id = ${tenantId} and project_id = ${projectId}
      group by 1
    ) a on a.day = d.day::date
    order by d.day`,
  );
}

/** How many answers give the field (stored name) a non-empty value. */
export async function countAnswered(tx: Tx, tenantId: number, projectId: number, name: string): Promise<number> {
  const [answered] = await tx
    .select({ n: count() })
    .from(formAnswers)
    .where(and(answersOf(tenantId, projectId), sql`coalesce(${formAnswers.data} ->> ${name}, '') not in ('', '[]')`));
  return answered?.n ?? 0;
}

/** The count of each value of a choice field; `multiple` reads the stored value as a JSON list. */
export function optionCounts(
  tx: Tx,
  tenantId: number,
  projectId: number,
  name: string,
  multiple: boolean,
): Promise<{ v: string; n: number }[]> {
  return multiple
    ? queryRows<{ v: string; n: number }>(
        tx,
        sql`
            select e.v, count(*)::int as n from form_answers a,
              jsonb_array_elements_text(case when jsonb_typeof((a.data ->> ${name})::jsonb) = 'array'
                then (a.data ->> ${name})::jsonb else '[]'::jsonb end) as e(v)
            where a.tenant_id = ${tenantId} and a.project_id = ${projectId} and a.data ? ${name}
            group by e.v`,
      )
    : queryRows<{ v: string; n: number }>(
        tx,
        sql`
            select a.data ->> ${name} as v, count(*)::int as n from form_answers a
            where a.tenant_id = ${tenantId} and a.project_id = ${projectId} and a.data ? ${name}
            group by 1`,
      );
}

/** The average of a number field (two decimals), or null when no answer gives one. */
export async function numberAverage(tx: Tx, tenantId: number, projectId: number, name: string): Promise<number | null> {
  const [avg] = await tx
    .select({
      v: sql<number | null>`avg(nullif(${formAnswers.data} ->> ${name}, '')::numeric)`.mapWith((v) =>
        v === null ? null : Math.round(Number(v) * 100) / 100,
      ),
    })
    .from(formAnswers)
    .where(and(answersOf(tenantId, projectId), sql`${formAnswers.data} ? ${name}`));
  return avg?.v ?? null;
}

// ---- Fill-time rows: drafts and uploads ----

/** Which of the file ids the owner uploaded to this form. */
export async function ownUploads(
  tx: Tx,
  tenantId: number,
  projectId: number,
  owner: string,
  fileIds: number[],
): Promise<number[]> {
  const mine = await tx
    .select({ fileId: formFiles.fileId })
    .from(formFiles)
    .where(
      and(
        eq(formFiles.tenantId, tenantId),
        eq(formFiles.projectId, projectId),
        eq(formFiles.owner, owner),
        inArray(formFiles.fileId, fileIds),
      ),
    );
  return mine.map((m) => m.fileId);
}

export async function insertUpload(
  tx: Tx,
  tenantId: number,
  projectId: number,
  owner: string,
  fileId: number,
): Promise<void> {
  await tx.insert(formFiles).values({ tenantId, projectId, fileId, owner }).onConflictDoNothing();
}

const draftOf = (tenantId: number, projectId: number, owner: string) =>
  and(eq(formDrafts.tenantId, tenantId), eq(formDrafts.projectId, projectId), eq(formDrafts.owner, owner));

export async function findDraft(
  tx: Tx,
  tenantId: number,
  projectId: number,
  owner: string,
): Promise<Record<string, unknown> | null> {
  const [d] = await tx
    .select({ values: formDrafts.values })
    .from(formDrafts)
    .where(draftOf(tenantId, projectId, owner));
  return d?.values ?? null;
}

export async function upsertDraft(
  tx: Tx,
  tenantId: number,
  projectId: number,
  owner: string,
  values: Record<string, unknown>,
): Promise<void> {
  await tx
    .insert(formDrafts)
    .values({ tenantId, projectId, owner, values })
    .onConflictDoUpdate({
      target: [formDrafts.tenantId, formDrafts.projectId, formDrafts.owner],
      set: { values, updatedAt: new Date() },
    });
}

export async function deleteDraft(tx: Tx, tenantId: number, projectId: number, owner: string): Promise<void> {
  await tx.delete(formDrafts).where(draftOf(tenantId, projectId, owner));
}

export type FormKindRow = typeof formKinds.$inferSelect;

/** The tenant's own kinds of form, oldest first. */
export function listTenantKinds(tx: Tx, tenantId: number): Promise<FormKindRow[]> {
  return tx.select().from(formKinds).where(eq(formKinds.tenantId, tenantId)).orderBy(asc(formKinds.createdAt));
}

/** False when the tenant has a kind of that name already. */
export async function insertTenantKind(
  tx: Tx,
  tenantId: number,
  kind: Pick<FormKindRow, 'key' | 'name' | 'fixed'>,
): Promise<boolean> {
  const rows = await tx
    .insert(formKinds)
    .values({ ...kind, tenantId })
    .onConflictDoNothing()
    .returning({ key: formKinds.key });
  return rows.length > 0;
}

export async function deleteTenantKind(tx: Tx, tenantId: number, key: string): Promise<boolean> {
  const rows = await tx
    .delete(formKinds)
    .where(and(eq(formKinds.tenantId, tenantId), eq(formKinds.key, key)))
    .returning({ key: formKinds.key });
  return rows.length > 0;
}

/** How many forms of the tenant (the recycle bin's included) are of a kind. */
export async function countFormsOfKind(tx: Tx, tenantId: number, kind: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(formProjects)
    .where(and(eq(formProjects.tenantId, tenantId), eq(formProjects.kind, kind)));
  return row?.n ?? 0;
}

/** The published version of each form named by its key (absent keys: no such form). */
export async function publishedVersions(tx: Tx, tenantId: number, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await tx
    .select({ key: formProjects.key, version: formProjects.publishedVersion })
    .from(formProjects)
    .where(and(eq(formProjects.tenantId, tenantId), inArray(formProjects.key, keys), isNull(formProjects.deletedAt)));
  return new Map(rows.map((r) => [r.key, r.version]));
}
