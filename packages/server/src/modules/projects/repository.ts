import { likePattern } from '@shetuan/shared';
import type { TDeclarationStatus } from '@shetuan/shared/projects';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { identities, orgs, users } from '../../platform/directory/tables';
import { files } from '../../platform/files';
import {
  reviewAssignments,
  reviewConflicts,
  reviewDeclarations,
  reviewDeclarationVersions,
  reviewGroups,
  reviewProjects,
  reviewTransitions,
} from './tables';

/**
 * The projects module's SQL. Every function names the tenant in its WHERE, INSERT and JOIN
 * conditions (docs/scale-out.md); row-level security stays the safety net.
 */

export type ProjectRow = typeof reviewProjects.$inferSelect;
export type DeclarationRow = typeof reviewDeclarations.$inferSelect;
export type AssignmentRow = typeof reviewAssignments.$inferSelect;
type NewProject = Omit<typeof reviewProjects.$inferInsert, 'tenantId' | 'id'>;
type NewDeclaration = Omit<typeof reviewDeclarations.$inferInsert, 'tenantId' | 'id'>;

/** Submitted declarations: the ones limits and counts see (not drafts, not withdrawn). */
const NOT_SUBMITTED: TDeclarationStatus[] = ['draft', 'withdrawn'];

// ---- Projects ----

export async function insertProject(tx: Tx, tenantId: number, values: NewProject): Promise<ProjectRow> {
  const [row] = await tx
    .insert(reviewProjects)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('project insert returned no row');
  return row;
}

const projectOf = (tenantId: number, id: number) =>
  and(eq(reviewProjects.tenantId, tenantId), eq(reviewProjects.id, id), isNull(reviewProjects.deletedAt));

export async function findProject(tx: Tx, tenantId: number, id: number): Promise<ProjectRow | undefined> {
  const [row] = await tx.select().from(reviewProjects).where(projectOf(tenantId, id));
  return row;
}

/** The project's row, locked to the end of the transaction (quotas, publishing, allocation). */
export async function lockProject(tx: Tx, tenantId: number, id: number): Promise<ProjectRow | undefined> {
  const [row] = await tx.select().from(reviewProjects).where(projectOf(tenantId, id)).for('update');
  return row;
}

export async function updateProject(
  tx: Tx,
  tenantId: number,
  id: number,
  change: Partial<Omit<NewProject, 'createdBy'>>,
): Promise<ProjectRow | undefined> {
  const [row] = await tx
    .update(reviewProjects)
    .set({ ...change, updatedAt: new Date() })
    .where(projectOf(tenantId, id))
    .returning();
  return row;
}

export async function softDeleteProject(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.update(reviewProjects).set({ deletedAt: new Date() }).where(projectOf(tenantId, id));
}

export interface ProjectCounts {
  declarationCount: number;
  submittedCount: number;
}

/** Declarations of each project: all, and those submitted (one grouped query for a page of projects). */
export async function projectCounts(tx: Tx, tenantId: number, ids: number[]): Promise<Map<number, ProjectCounts>> {
  const out = new Map<number, ProjectCounts>();
  if (ids.length === 0) return out;
  const rows = await tx
    .select({
      projectId: reviewDeclarations.projectId,
      all: count(),
      submitted: sql<number>`count(*) filter (where ${notInArray(reviewDeclarations.status, NOT_SUBMITTED)})`.mapWith(
        Number,
      ),
    })
    .from(reviewDeclarations)
    .where(and(eq(reviewDeclarations.tenantId, tenantId), inArray(reviewDeclarations.projectId, ids)))
    .groupBy(reviewDeclarations.projectId);
  for (const r of rows) out.set(r.projectId, { declarationCount: r.all, submittedCount: r.submitted });
  return out;
}

export async function listProjects(
  tx: Tx,
  tenantId: number,
  q: { current: number; pageSize: number; keyword?: string; status?: number; template: boolean },
): Promise<{ rows: ProjectRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    eq(reviewProjects.tenantId, tenantId),
    isNull(reviewProjects.deletedAt),
    eq(reviewProjects.isTemplate, q.template),
  ];
  if (q.status !== undefined) conditions.push(eq(reviewProjects.status, q.status));
  if (q.keyword) conditions.push(ilike(reviewProjects.name, likePattern(q.keyword)));
  const where = and(...conditions);
  const [total] = await tx.select({ n: count() }).from(reviewProjects).where(where);
  const rows = await tx
    .select()
    .from(reviewProjects)
    .where(where)
    .orderBy(desc(reviewProjects.createdAt), desc(reviewProjects.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** Published projects taking declarations at `now` (the time window is checked here too). */
export async function listOpenProjects(tx: Tx, tenantId: number, now: Date): Promise<ProjectRow[]> {
  const iso = now.toISOString();
  return tx
    .select()
    .from(reviewProjects)
    .where(
      and(
        eq(reviewProjects.tenantId, tenantId),
        isNull(reviewProjects.deletedAt),
        eq(reviewProjects.isTemplate, false),
        eq(reviewProjects.status, 1),
        sql`coalesce(${reviewProjects.settings}->>'openAt', '') <= ${iso}`,
        sql`coalesce(nullif(${reviewProjects.settings}->>'closeAt', ''), '9999') > ${iso}`,
      ),
    )
    .orderBy(desc(reviewProjects.publishedAt), desc(reviewProjects.id))
    .limit(200);
}

/** Submitted declarations of a project by one person or one unit (the limits). */
export async function countSubmitted(
  tx: Tx,
  tenantId: number,
  projectId: number,
  by: { applicantUserId: number } | { unitId: number },
  exceptId?: number,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reviewDeclarations)
    .where(
      and(
        eq(reviewDeclarations.tenantId, tenantId),
        eq(reviewDeclarations.projectId, projectId),
        notInArray(reviewDeclarations.status, NOT_SUBMITTED),
        'applicantUserId' in by
          ? eq(reviewDeclarations.applicantUserId, by.applicantUserId)
          : eq(reviewDeclarations.unitId, by.unitId),
        exceptId ? sql`${reviewDeclarations.id} <> ${exceptId}` : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** How many declarations of a project each given person has (drafts included): the 我的申报 count. */
export async function countMine(
  tx: Tx,
  tenantId: number,
  userId: number,
  projectIds: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (projectIds.length === 0) return out;
  const rows = await tx
    .select({ projectId: reviewDeclarations.projectId, n: count() })
    .from(reviewDeclarations)
    .where(
      and(
        eq(reviewDeclarations.tenantId, tenantId),
        eq(reviewDeclarations.applicantUserId, userId),
        inArray(reviewDeclarations.projectId, projectIds),
        sql`${reviewDeclarations.status} <> 'withdrawn'`,
      ),
    )
    .groupBy(reviewDeclarations.projectId);
  for (const r of rows) out.set(r.projectId, r.n);
  return out;
}

// ---- People and units ----

export interface IdentityInfo {
  identityCode: number;
  orgId: number | null;
  orgType: number | null;
}

export async function identityInfo(tx: Tx, tenantId: number, identityId: number): Promise<IdentityInfo | undefined> {
  const [row] = await tx
    .select({ identityCode: identities.identityCode, orgId: identities.orgId, orgType: orgs.orgType })
    .from(identities)
    .leftJoin(orgs, and(eq(orgs.tenantId, tenantId), eq(orgs.id, identities.orgId)))
    .where(and(eq(identities.tenantId, tenantId), eq(identities.id, identityId)));
  return row;
}

/** Whether the person holds an active identity with one of these codes in the tenant. */
export async function holdsIdentity(tx: Tx, tenantId: number, userId: number, codes: number[]): Promise<boolean> {
  const [row] = await tx
    .select({ id: identities.id })
    .from(identities)
    .where(
      and(
        eq(identities.tenantId, tenantId),
        eq(identities.userId, userId),
        inArray(identities.identityCode, codes),
        eq(identities.status, 1),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function findOrgInfo(
  tx: Tx,
  tenantId: number,
  id: number,
): Promise<{ id: number; name: string; orgType: number } | undefined> {
  const [row] = await tx
    .select({ id: orgs.id, name: orgs.name, orgType: orgs.orgType })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), eq(orgs.id, id), eq(orgs.status, 1)));
  return row;
}

export async function userName(tx: Tx, userId: number): Promise<string> {
  // users is the platform's table of people (no tenant_id; RLS shows the tenant's people).
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

export async function userMobile(tx: Tx, userId: number): Promise<string | null> {
  const [row] = await tx.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId));
  return row?.mobile ?? null;
}

/** Ready files among `ids` that the person uploaded in the tenant. */
export async function ownFiles(tx: Tx, tenantId: number, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(eq(files.tenantId, tenantId), inArray(files.id, ids), eq(files.userId, userId), eq(files.status, 'ready')),
    );
  return new Set(rows.map((r) => r.id));
}

// ---- Declarations ----

export async function insertDeclaration(tx: Tx, tenantId: number, values: NewDeclaration): Promise<DeclarationRow> {
  const [row] = await tx
    .insert(reviewDeclarations)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('declaration insert returned no row');
  return row;
}

const declarationOf = (tenantId: number, id: number) =>
  and(eq(reviewDeclarations.tenantId, tenantId), eq(reviewDeclarations.id, id));

export async function findDeclaration(tx: Tx, tenantId: number, id: number): Promise<DeclarationRow | undefined> {
  const [row] = await tx.select().from(reviewDeclarations).where(declarationOf(tenantId, id));
  return row;
}

/** The declaration's row, locked: two actions on one declaration run one after the other. */
export async function lockDeclaration(tx: Tx, tenantId: number, id: number): Promise<DeclarationRow | undefined> {
  const [row] = await tx.select().from(reviewDeclarations).where(declarationOf(tenantId, id)).for('update');
  return row;
}

export async function updateDeclaration(
  tx: Tx,
  tenantId: number,
  id: number,
  change: Partial<NewDeclaration>,
): Promise<DeclarationRow> {
  const [row] = await tx
    .update(reviewDeclarations)
    .set({ ...change, updatedAt: new Date() })
    .where(declarationOf(tenantId, id))
    .returning();
  if (!row) throw new Error('declaration update returned no row');
  return row;
}

export async function deleteDeclaration(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.delete(reviewDeclarations).where(declarationOf(tenantId, id));
}

export interface DeclarationFilter {
  projectId?: number;
  applicantUserId?: number;
  unitId?: number;
  status?: TDeclarationStatus;
  statuses?: TDeclarationStatus[];
  stage?: number;
  /** Only declarations whose current stage is of this kind (the first-trial lists). */
  stageKind?: string;
  keyword?: string;
}

export interface DeclarationListRow extends DeclarationRow {
  projectName: string;
  projectFlow: ProjectRow['flow'];
  applicantName: string;
  unitName: string;
}

function declarationWhere(tenantId: number, f: DeclarationFilter): SQL | undefined {
  const d = reviewDeclarations;
  const conditions: (SQL | undefined)[] = [eq(d.tenantId, tenantId)];
  if (f.projectId !== undefined) conditions.push(eq(d.projectId, f.projectId));
  if (f.applicantUserId !== undefined) conditions.push(eq(d.applicantUserId, f.applicantUserId));
  if (f.unitId !== undefined) conditions.push(eq(d.unitId, f.unitId));
  if (f.status !== undefined) conditions.push(eq(d.status, f.status));
  if (f.statuses) conditions.push(inArray(d.status, f.statuses));
  if (f.stage !== undefined) conditions.push(eq(d.stage, f.stage));
  if (f.stageKind) conditions.push(sql`${reviewProjects.flow} -> (${d.stage}::int) ->> 'kind' = ${f.stageKind}`);
  if (f.keyword) {
    const pattern = likePattern(f.keyword);
    conditions.push(or(ilike(d.title, pattern), ilike(users.name, pattern)));
  }
  return and(...conditions);
}

const listColumns = {
  row: reviewDeclarations,
  projectName: reviewProjects.name,
  projectFlow: reviewProjects.flow,
  applicantName: users.name,
  unitName: orgs.name,
};

function joined(tx: Tx, tenantId: number, select: typeof listColumns | { n: ReturnType<typeof count> }) {
  const d = reviewDeclarations;
  return tx
    .select(select as typeof listColumns)
    .from(d)
    .innerJoin(reviewProjects, and(eq(reviewProjects.tenantId, tenantId), eq(reviewProjects.id, d.projectId)))
    .innerJoin(users, eq(users.id, d.applicantUserId))
    .leftJoin(orgs, and(eq(orgs.tenantId, tenantId), eq(orgs.id, d.unitId)));
}

export async function listDeclarations(
  tx: Tx,
  tenantId: number,
  f: DeclarationFilter,
  page: { current: number; pageSize: number; order?: 'recent' | 'rank' },
): Promise<{ rows: DeclarationListRow[]; total: number }> {
  const where = declarationWhere(tenantId, f);
  const [total] = (await joined(tx, tenantId, { n: count() }).where(where)) as unknown as { n: number }[];
  const rows = await joined(tx, tenantId, listColumns)
    .where(where)
    .orderBy(
      ...(page.order === 'rank'
        ? [sql`${reviewDeclarations.rank} asc nulls last`, asc(reviewDeclarations.id)]
        : [desc(reviewDeclarations.updatedAt), desc(reviewDeclarations.id)]),
    )
    .limit(page.pageSize)
    .offset((page.current - 1) * page.pageSize);
  return {
    rows: rows.map((r) => ({
      ...r.row,
      projectName: r.projectName,
      projectFlow: r.projectFlow,
      applicantName: r.applicantName,
      unitName: r.unitName ?? '',
    })),
    total: total?.n ?? 0,
  };
}

/** Every declaration of a project at one stage and status (advancing a round, grading). */
export async function declarationsAt(
  tx: Tx,
  tenantId: number,
  projectId: number,
  stage: number,
): Promise<(DeclarationRow & { unitName: string })[]> {
  const rows = await tx
    .select({ row: reviewDeclarations, unitName: orgs.name })
    .from(reviewDeclarations)
    .leftJoin(orgs, and(eq(orgs.tenantId, tenantId), eq(orgs.id, reviewDeclarations.unitId)))
    .where(
      and(
        eq(reviewDeclarations.tenantId, tenantId),
        eq(reviewDeclarations.projectId, projectId),
        eq(reviewDeclarations.stage, stage),
        eq(reviewDeclarations.status, 'in_review'),
      ),
    )
    .orderBy(asc(reviewDeclarations.id));
  return rows.map((r) => ({ ...r.row, unitName: r.unitName ?? '' }));
}

// ---- Versions and the timeline ----

export async function insertVersion(
  tx: Tx,
  tenantId: number,
  v: { declarationId: number; version: number; title: string; data: Record<string, unknown> },
): Promise<void> {
  await tx.insert(reviewDeclarationVersions).values({ ...v, tenantId });
}

export async function listVersions(
  tx: Tx,
  tenantId: number,
  declarationId: number,
): Promise<{ version: number; submittedAt: Date }[]> {
  return tx
    .select({ version: reviewDeclarationVersions.version, submittedAt: reviewDeclarationVersions.submittedAt })
    .from(reviewDeclarationVersions)
    .where(
      and(eq(reviewDeclarationVersions.tenantId, tenantId), eq(reviewDeclarationVersions.declarationId, declarationId)),
    )
    .orderBy(asc(reviewDeclarationVersions.version));
}

export async function findVersion(
  tx: Tx,
  tenantId: number,
  declarationId: number,
  version: number,
): Promise<{ title: string; data: Record<string, unknown>; submittedAt: Date } | undefined> {
  const [row] = await tx
    .select({
      title: reviewDeclarationVersions.title,
      data: reviewDeclarationVersions.data,
      submittedAt: reviewDeclarationVersions.submittedAt,
    })
    .from(reviewDeclarationVersions)
    .where(
      and(
        eq(reviewDeclarationVersions.tenantId, tenantId),
        eq(reviewDeclarationVersions.declarationId, declarationId),
        eq(reviewDeclarationVersions.version, version),
      ),
    );
  return row;
}

export type NewTransition = Omit<typeof reviewTransitions.$inferInsert, 'tenantId' | 'id' | 'at'>;

export async function insertTransitions(tx: Tx, tenantId: number, rows: NewTransition[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(reviewTransitions).values(rows.map((r) => ({ ...r, tenantId })));
}

export async function listTransitions(tx: Tx, tenantId: number, declarationId: number) {
  return tx
    .select()
    .from(reviewTransitions)
    .where(and(eq(reviewTransitions.tenantId, tenantId), eq(reviewTransitions.declarationId, declarationId)))
    .orderBy(asc(reviewTransitions.id));
}

/** Declarations a unit has passed at a stage (its recommendation quota), each counted once. */
export async function countUnitPasses(
  tx: Tx,
  tenantId: number,
  projectId: number,
  stage: number,
  unitId: number,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${reviewTransitions.declarationId})`.mapWith(Number) })
    .from(reviewTransitions)
    .where(
      and(
        eq(reviewTransitions.tenantId, tenantId),
        eq(reviewTransitions.projectId, projectId),
        eq(reviewTransitions.stage, stage),
        eq(reviewTransitions.action, 'pass'),
        eq(reviewTransitions.actorUnitId, unitId),
      ),
    );
  return row?.n ?? 0;
}

/** What a unit has handled (初审列表): its transitions at first-trial stages, newest first. */
export async function listUnitHandled(
  tx: Tx,
  tenantId: number,
  unitId: number,
  page: { current: number; pageSize: number; keyword?: string },
) {
  const t = reviewTransitions;
  const where = and(
    eq(t.tenantId, tenantId),
    eq(t.actorUnitId, unitId),
    page.keyword ? ilike(reviewDeclarations.title, likePattern(page.keyword)) : undefined,
  );
  const [total] = await tx
    .select({ n: count() })
    .from(t)
    .innerJoin(
      reviewDeclarations,
      and(eq(reviewDeclarations.tenantId, tenantId), eq(reviewDeclarations.id, t.declarationId)),
    )
    .where(where);
  const rows = await tx
    .select({
      id: t.id,
      declarationId: t.declarationId,
      title: reviewDeclarations.title,
      projectName: reviewProjects.name,
      action: t.action,
      remark: t.remark,
      actorName: t.actorName,
      at: t.at,
    })
    .from(t)
    .innerJoin(
      reviewDeclarations,
      and(eq(reviewDeclarations.tenantId, tenantId), eq(reviewDeclarations.id, t.declarationId)),
    )
    .innerJoin(reviewProjects, and(eq(reviewProjects.tenantId, tenantId), eq(reviewProjects.id, t.projectId)))
    .where(where)
    .orderBy(desc(t.id))
    .limit(page.pageSize)
    .offset((page.current - 1) * page.pageSize);
  return { rows, total: total?.n ?? 0 };
}

// ---- Reviewers and assignments ----

/** The reviewer pool: people holding an active 评审人 or 专家 identity, with their unit. */
export async function reviewerPool(
  tx: Tx,
  tenantId: number,
  codes: number[],
): Promise<{ userId: number; name: string; unitId: number | null; unitName: string }[]> {
  const rows = await tx
    .selectDistinctOn([identities.userId], {
      userId: identities.userId,
      name: users.name,
      unitId: identities.orgId,
      unitName: orgs.name,
    })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .leftJoin(orgs, and(eq(orgs.tenantId, tenantId), eq(orgs.id, identities.orgId)))
    .where(and(eq(identities.tenantId, tenantId), inArray(identities.identityCode, codes), eq(identities.status, 1)))
    .orderBy(identities.userId, identities.id);
  return rows.map((r) => ({ ...r, unitName: r.unitName ?? '' }));
}

export async function conflictsOf(tx: Tx, tenantId: number): Promise<{ expertUserId: number; unitId: number }[]> {
  return tx
    .select({ expertUserId: reviewConflicts.expertUserId, unitId: reviewConflicts.unitId })
    .from(reviewConflicts)
    .where(eq(reviewConflicts.tenantId, tenantId));
}

export async function insertConflict(tx: Tx, tenantId: number, expertUserId: number, unitId: number): Promise<void> {
  await tx.insert(reviewConflicts).values({ tenantId, expertUserId, unitId }).onConflictDoNothing();
}

/** Inserts assignments; a pair already assigned (another administrator's, just now) is skipped. */
export async function insertAssignments(
  tx: Tx,
  tenantId: number,
  rows: Omit<typeof reviewAssignments.$inferInsert, 'tenantId' | 'id'>[],
): Promise<AssignmentRow[]> {
  if (rows.length === 0) return [];
  const inserted: AssignmentRow[] = [];
  // In chunks: a statement's parameters are limited (65,535).
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000).map((r) => ({ ...r, tenantId }));
    inserted.push(...(await tx.insert(reviewAssignments).values(chunk).onConflictDoNothing().returning()));
  }
  return inserted;
}

export async function assignmentsOfStage(tx: Tx, tenantId: number, projectId: number, stage: number) {
  return tx
    .select({ row: reviewAssignments, name: users.name })
    .from(reviewAssignments)
    .innerJoin(users, eq(users.id, reviewAssignments.expertUserId))
    .where(
      and(
        eq(reviewAssignments.tenantId, tenantId),
        eq(reviewAssignments.projectId, projectId),
        eq(reviewAssignments.stage, stage),
      ),
    )
    .orderBy(asc(reviewAssignments.id));
}

export async function assignmentsOfDeclaration(tx: Tx, tenantId: number, declarationId: number) {
  return tx
    .select({ row: reviewAssignments, name: users.name })
    .from(reviewAssignments)
    .innerJoin(users, eq(users.id, reviewAssignments.expertUserId))
    .where(and(eq(reviewAssignments.tenantId, tenantId), eq(reviewAssignments.declarationId, declarationId)))
    .orderBy(asc(reviewAssignments.stage), asc(reviewAssignments.id));
}

const assignmentOf = (tenantId: number, id: number) =>
  and(eq(reviewAssignments.tenantId, tenantId), eq(reviewAssignments.id, id));

export async function findAssignment(tx: Tx, tenantId: number, id: number): Promise<AssignmentRow | undefined> {
  const [row] = await tx.select().from(reviewAssignments).where(assignmentOf(tenantId, id));
  return row;
}

export async function lockAssignment(tx: Tx, tenantId: number, id: number): Promise<AssignmentRow | undefined> {
  const [row] = await tx.select().from(reviewAssignments).where(assignmentOf(tenantId, id)).for('update');
  return row;
}

export async function updateAssignment(
  tx: Tx,
  tenantId: number,
  id: number,
  change: Partial<Pick<AssignmentRow, 'status' | 'scores' | 'total' | 'opinion' | 'comment' | 'submittedAt'>>,
): Promise<void> {
  await tx
    .update(reviewAssignments)
    .set({ ...change, updatedAt: new Date() })
    .where(assignmentOf(tenantId, id));
}

export async function deleteAssignment(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.delete(reviewAssignments).where(assignmentOf(tenantId, id));
}

/** A reviewer's assignments (pending or submitted), with their declaration and project. */
export async function listExpertAssignments(
  tx: Tx,
  tenantId: number,
  userId: number,
  q: {
    /** Pending, submitted, or (undefined) both. */
    submitted?: boolean;
    current: number;
    pageSize: number;
    keyword?: string;
    mode?: 'score' | 'approval';
    projectId?: number;
  },
) {
  const a = reviewAssignments;
  const where = and(
    eq(a.tenantId, tenantId),
    eq(a.expertUserId, userId),
    q.submitted === undefined ? undefined : eq(a.status, q.submitted ? 1 : 0),
    q.projectId === undefined ? undefined : eq(a.projectId, q.projectId),
    q.mode ? sql`${reviewProjects.flow} -> (${a.stage}::int) ->> 'mode' = ${q.mode}` : undefined,
    q.keyword
      ? or(ilike(reviewDeclarations.title, likePattern(q.keyword)), ilike(reviewProjects.name, likePattern(q.keyword)))
      : undefined,
  );
  const declarationJoin = and(eq(reviewDeclarations.tenantId, tenantId), eq(reviewDeclarations.id, a.declarationId));
  const projectJoin = and(eq(reviewProjects.tenantId, tenantId), eq(reviewProjects.id, a.projectId));
  const [total] = await tx
    .select({ n: count() })
    .from(a)
    .innerJoin(reviewDeclarations, declarationJoin)
    .innerJoin(reviewProjects, projectJoin)
    .where(where);
  const rows = await tx
    .select({ row: a, title: reviewDeclarations.title, projectName: reviewProjects.name, flow: reviewProjects.flow })
    .from(a)
    .innerJoin(reviewDeclarations, declarationJoin)
    .innerJoin(reviewProjects, projectJoin)
    .where(where)
    .orderBy(
      ...(q.submitted === undefined ? [asc(a.status), desc(a.id)] : q.submitted ? [desc(a.submittedAt)] : [asc(a.id)]),
    )
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** The active first-trial identities (初审单位, code 5) of a unit: who is told of a new declaration. */
export async function unitTrialIdentities(tx: Tx, tenantId: number, unitId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: identities.id })
    .from(identities)
    .where(
      and(
        eq(identities.tenantId, tenantId),
        eq(identities.orgId, unitId),
        eq(identities.identityCode, 5),
        eq(identities.status, 1),
      ),
    );
  return rows.map((r) => r.id);
}

/** The tenant's active units an applicant may choose as the recommending unit, by name. */
export async function listUnits(tx: Tx, tenantId: number): Promise<{ id: number; name: string }[]> {
  return tx
    .select({ id: orgs.id, name: orgs.name })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), eq(orgs.status, 1)))
    .orderBy(asc(orgs.sort), asc(orgs.id))
    .limit(2000);
}

/** A demo person's identity of a code, by mobile (demo data only). */
export async function identityByMobile(
  tx: Tx,
  tenantId: number,
  mobile: string,
  code: number,
): Promise<{ userId: number; identityId: number; orgId: number | null } | undefined> {
  const [row] = await tx
    .select({ userId: identities.userId, identityId: identities.id, orgId: identities.orgId })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.tenantId, tenantId), eq(users.mobile, mobile), eq(identities.identityCode, code)))
    .limit(1);
  return row;
}

// ---- Statistics (项目统计) ----

const ofProject = (tenantId: number, projectId: number) =>
  and(eq(reviewDeclarations.tenantId, tenantId), eq(reviewDeclarations.projectId, projectId));

interface FigureRow {
  g: number;
  status: string | null;
  stage: number | null;
  level: number | null;
  result: string | null;
  grade: string | null;
  day: string | null;
  unit_id: string | null;
  band: number | null;
  n: string;
}

export interface ProjectFigures {
  states: { status: string; stage: number; level: number; result: string | null; grade: string | null; n: number }[];
  daily: { day: string; n: number }[];
  units: { unitId: number; n: number }[];
  bands: { band: number; n: number }[];
}

/**
 * Every figure of 项目统计 in one pass over the project's declarations (GROUPING SETS): counts by
 * state, submissions per day (Beijing time), submitted declarations per unit, and combined scores
 * in ten bands of 0..max. Four scans of 50,000 rows become one.
 */
export async function projectFigures(
  tx: Tx,
  tenantId: number,
  projectId: number,
  max: number,
): Promise<ProjectFigures> {
  // The scale is a number the flow computed, written inline so the grouping sees one expression.
  const scale = sql.raw(String(Number(max) > 0 ? Number(max) : 100));
  const res = (await tx.execute(sql`
    select grouping(status, stage, level, result, grade) as g, status, stage, level, result, grade,
           day, unit_id, band, count(*) as n
    from (
      select status, stage, level, result, grade,
             to_char(submitted_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day,
             case when status not in ('draft', 'withdrawn') then unit_id end as unit_id,
             case when score is not null then least(width_bucket(score, 0, ${scale}, 10), 10) end as band
      from ${reviewDeclarations}
      where tenant_id = ${tenantId} and project_id = ${projectId}
    ) d
    group by grouping sets ((status, stage, level, result, grade), (day), (unit_id), (band))`)) as unknown as {
    rows: FigureRow[];
  };
  const out: ProjectFigures = { states: [], daily: [], units: [], bands: [] };
  for (const r of res.rows) {
    const n = Number(r.n);
    if (Number(r.g) === 0)
      out.states.push({
        status: r.status as string,
        stage: Number(r.stage),
        level: Number(r.level),
        result: r.result,
        grade: r.grade,
        n,
      });
    else if (r.day !== null) out.daily.push({ day: r.day, n });
    else if (r.unit_id !== null) out.units.push({ unitId: Number(r.unit_id), n });
    else if (r.band !== null) out.bands.push({ band: Number(r.band), n });
  }
  out.daily.sort((a, b) => a.day.localeCompare(b.day));
  out.units.sort((a, b) => b.n - a.n || a.unitId - b.unitId);
  return out;
}

export async function orgNames(tx: Tx, tenantId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: orgs.id, name: orgs.name })
    .from(orgs)
    .where(and(eq(orgs.tenantId, tenantId), inArray(orgs.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function assignmentTotals(tx: Tx, tenantId: number, projectId: number) {
  const [row] = await tx
    .select({
      assigned: count(),
      submitted: sql<number>`count(*) filter (where ${reviewAssignments.status} = 1)`.mapWith(Number),
    })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.tenantId, tenantId), eq(reviewAssignments.projectId, projectId)));
  return { assigned: row?.assigned ?? 0, submitted: row?.submitted ?? 0 };
}

/** The review sheet: each assignment of a project (a stage) with its declaration and expert. */
export async function reviewSheet(
  tx: Tx,
  tenantId: number,
  q: { projectId: number; stages: number[]; submitted?: boolean; keyword?: string; current: number; pageSize: number },
) {
  const a = reviewAssignments;
  const where = and(
    eq(a.tenantId, tenantId),
    eq(a.projectId, q.projectId),
    q.stages.length ? inArray(a.stage, q.stages) : sql`false`,
    q.submitted === undefined ? undefined : eq(a.status, q.submitted ? 1 : 0),
    q.keyword
      ? or(ilike(reviewDeclarations.title, likePattern(q.keyword)), ilike(users.name, likePattern(q.keyword)))
      : undefined,
  );
  const declarationJoin = and(eq(reviewDeclarations.tenantId, tenantId), eq(reviewDeclarations.id, a.declarationId));
  // Without a keyword the count needs no join (every assignment has its declaration and expert).
  const [total] = q.keyword
    ? await tx
        .select({ n: count() })
        .from(a)
        .innerJoin(reviewDeclarations, declarationJoin)
        .innerJoin(users, eq(users.id, a.expertUserId))
        .where(where)
    : await tx.select({ n: count() }).from(a).where(where);
  // Without a keyword the page is cut from the assignments' own index first (a deferred join): far
  // down the list, the rows skipped are never joined to their declarations, experts and units.
  const pageIds = q.keyword
    ? undefined
    : tx
        .select({ id: a.id })
        .from(a)
        .where(where)
        .orderBy(asc(a.declarationId), asc(a.id))
        .limit(q.pageSize)
        .offset((q.current - 1) * q.pageSize);
  const rows = await tx
    .select({ row: a, title: reviewDeclarations.title, expertName: users.name, unitName: orgs.name })
    .from(a)
    .innerJoin(reviewDeclarations, declarationJoin)
    .innerJoin(users, eq(users.id, a.expertUserId))
    .leftJoin(orgs, and(eq(orgs.tenantId, tenantId), eq(orgs.id, reviewDeclarations.unitId)))
    .where(pageIds ? and(eq(a.tenantId, tenantId), inArray(a.id, pageIds)) : where)
    .orderBy(asc(a.declarationId), asc(a.id))
    .limit(q.pageSize)
    .offset(pageIds ? 0 : (q.current - 1) * q.pageSize);
  return { rows: rows.map((r) => ({ ...r, unitName: r.unitName ?? '' })), total: total?.n ?? 0 };
}

/** Each unit's declarations in a project at a first-trial stage: pending, returned, rejected. */
export async function unitDeclarationCounts(
  tx: Tx,
  tenantId: number,
  projectId: number,
  stage: number,
  page: { current: number; pageSize: number; keyword?: string },
) {
  const d = reviewDeclarations;
  // A keyword names units: their ids first (a few), then the counts of those units only.
  let unitIds: number[] | undefined;
  if (page.keyword) {
    const found = await tx
      .select({ id: orgs.id })
      .from(orgs)
      .where(and(eq(orgs.tenantId, tenantId), ilike(orgs.name, likePattern(page.keyword))))
      .limit(1000);
    unitIds = found.map((o) => o.id);
    if (unitIds.length === 0) return { rows: [], total: 0 };
  }
  const where = and(
    ofProject(tenantId, projectId),
    notInArray(d.status, NOT_SUBMITTED),
    sql`${d.unitId} is not null`,
    unitIds ? inArray(d.unitId, unitIds) : undefined,
  );
  const at = (status: string) =>
    sql<number>`count(*) filter (where ${d.status} = ${status} and ${d.stage} = ${stage})`.mapWith(Number);
  const [total] = await tx
    .select({ n: sql<number>`count(distinct ${d.unitId})`.mapWith(Number) })
    .from(d)
    .where(where);
  const n = count();
  const rows = await tx
    .select({
      unitId: sql<number>`${d.unitId}`.mapWith(Number),
      declarations: n,
      pending: at('in_review'),
      returned: at('returned'),
      rejected: at('rejected'),
    })
    .from(d)
    .where(where)
    .groupBy(d.unitId)
    .orderBy(desc(n), asc(d.unitId))
    .limit(page.pageSize)
    .offset((page.current - 1) * page.pageSize);
  const names = await orgNames(
    tx,
    tenantId,
    rows.map((r) => r.unitId),
  );
  return { rows: rows.map((r) => ({ ...r, unitName: names.get(r.unitId) ?? '' })), total: total?.n ?? 0 };
}

/** Declarations each unit has passed at a stage. */
export async function unitPasses(tx: Tx, tenantId: number, projectId: number, stage: number, unitIds: number[]) {
  if (unitIds.length === 0) return new Map<number, number>();
  const t = reviewTransitions;
  const rows = await tx
    .select({
      unitId: sql<number>`${t.actorUnitId}`.mapWith(Number),
      n: sql<number>`count(distinct ${t.declarationId})`.mapWith(Number),
    })
    .from(t)
    .where(
      and(
        eq(t.tenantId, tenantId),
        eq(t.projectId, projectId),
        eq(t.stage, stage),
        eq(t.action, 'pass'),
        inArray(t.actorUnitId, unitIds),
      ),
    )
    .groupBy(t.actorUnitId);
  return new Map(rows.map((r) => [r.unitId, r.n]));
}

/** Each expert's assignments in a project: assigned, submitted, the mean total given. */
export async function expertTotals(
  tx: Tx,
  tenantId: number,
  projectId: number,
  page: { current: number; pageSize: number; keyword?: string },
) {
  const a = reviewAssignments;
  const where = and(
    eq(a.tenantId, tenantId),
    eq(a.projectId, projectId),
    page.keyword ? ilike(users.name, likePattern(page.keyword)) : undefined,
  );
  const [total] = await tx
    .select({ n: sql<number>`count(distinct ${a.expertUserId})`.mapWith(Number) })
    .from(a)
    .innerJoin(users, eq(users.id, a.expertUserId))
    .where(where);
  const n = count();
  const rows = await tx
    .select({
      userId: a.expertUserId,
      name: users.name,
      assigned: n,
      submitted: sql<number>`count(*) filter (where ${a.status} = 1)`.mapWith(Number),
      average: sql<number | null>`round(avg(${a.total})::numeric, 2)`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(a)
    .innerJoin(users, eq(users.id, a.expertUserId))
    .where(where)
    .groupBy(a.expertUserId, users.name)
    .orderBy(desc(n), asc(a.expertUserId))
    .limit(page.pageSize)
    .offset((page.current - 1) * page.pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** The declarations at a stage with only what ranking needs: id and figure (the grading preview). */
export async function rankingAt(tx: Tx, tenantId: number, projectId: number, stage: number) {
  return tx
    .select({ id: reviewDeclarations.id, score: reviewDeclarations.score })
    .from(reviewDeclarations)
    .where(
      and(
        ofProject(tenantId, projectId),
        eq(reviewDeclarations.stage, stage),
        eq(reviewDeclarations.status, 'in_review'),
      ),
    );
}

/** Of the declarations waiting at a stage, those whose name or unit's name has the keyword. */
export async function rankingMatching(tx: Tx, tenantId: number, projectId: number, stage: number, keyword: string) {
  const pattern = likePattern(keyword);
  const rows = await tx
    .select({ id: reviewDeclarations.id })
    .from(reviewDeclarations)
    .leftJoin(orgs, and(eq(orgs.tenantId, tenantId), eq(orgs.id, reviewDeclarations.unitId)))
    .where(
      and(
        ofProject(tenantId, projectId),
        eq(reviewDeclarations.stage, stage),
        eq(reviewDeclarations.status, 'in_review'),
        or(ilike(reviewDeclarations.title, pattern), ilike(orgs.name, pattern)),
      ),
    );
  return rows.map((r) => r.id);
}

/** What a page of the ranking shows of each declaration: its name, unit and round figures. */
export async function rankingDetails(tx: Tx, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: reviewDeclarations.id,
      title: reviewDeclarations.title,
      roundScores: reviewDeclarations.roundScores,
      unitName: orgs.name,
    })
    .from(reviewDeclarations)
    .leftJoin(orgs, and(eq(orgs.tenantId, tenantId), eq(orgs.id, reviewDeclarations.unitId)))
    .where(and(eq(reviewDeclarations.tenantId, tenantId), inArray(reviewDeclarations.id, ids)));
  return rows.map((r) => ({ ...r, unitName: r.unitName ?? '' }));
}

/** Submitted reviews per declaration in one round (of the declarations named, when they are). */
export async function submittedReviewCounts(
  tx: Tx,
  tenantId: number,
  projectId: number,
  stage: number,
  declarationIds?: number[],
) {
  if (declarationIds?.length === 0) return new Map<number, number>();
  const rows = await tx
    .select({ declarationId: reviewAssignments.declarationId, n: count() })
    .from(reviewAssignments)
    .where(
      and(
        eq(reviewAssignments.tenantId, tenantId),
        eq(reviewAssignments.projectId, projectId),
        eq(reviewAssignments.stage, stage),
        eq(reviewAssignments.status, 1),
        declarationIds ? inArray(reviewAssignments.declarationId, declarationIds) : undefined,
      ),
    )
    .groupBy(reviewAssignments.declarationId);
  return new Map(rows.map((r) => [r.declarationId, r.n]));
}

// ---- Review groups (分组评审) ----

export type GroupRow = typeof reviewGroups.$inferSelect;

export function groupsOf(tx: Tx, tenantId: number, projectId: number): Promise<GroupRow[]> {
  return tx
    .select()
    .from(reviewGroups)
    .where(and(eq(reviewGroups.tenantId, tenantId), eq(reviewGroups.projectId, projectId)))
    .orderBy(asc(reviewGroups.id));
}

export async function findGroup(tx: Tx, tenantId: number, id: number): Promise<GroupRow | undefined> {
  const [row] = await tx
    .select()
    .from(reviewGroups)
    .where(and(eq(reviewGroups.tenantId, tenantId), eq(reviewGroups.id, id)));
  return row;
}

export async function insertGroup(
  tx: Tx,
  tenantId: number,
  values: { projectId: number; name: string; expertUserIds: number[] },
): Promise<number> {
  const [row] = await tx
    .insert(reviewGroups)
    .values({ ...values, tenantId })
    .returning({ id: reviewGroups.id });
  if (!row) throw new Error('group insert returned no row');
  return row.id;
}

export async function updateGroup(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { name: string; expertUserIds: number[] },
): Promise<void> {
  await tx
    .update(reviewGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(reviewGroups.tenantId, tenantId), eq(reviewGroups.id, id)));
}

/** Deletes a group; its declarations are left in no group. */
export async function deleteGroup(tx: Tx, tenantId: number, group: GroupRow): Promise<void> {
  await tx
    .update(reviewDeclarations)
    .set({ groupId: null })
    .where(
      and(
        eq(reviewDeclarations.tenantId, tenantId),
        eq(reviewDeclarations.projectId, group.projectId),
        eq(reviewDeclarations.groupId, group.id),
      ),
    );
  await tx.delete(reviewGroups).where(and(eq(reviewGroups.tenantId, tenantId), eq(reviewGroups.id, group.id)));
}

/** Puts these declarations of the project in a group (or none); answers how many moved. */
export async function setDeclarationGroup(
  tx: Tx,
  tenantId: number,
  projectId: number,
  declarationIds: number[],
  groupId: number | null,
): Promise<number> {
  const rows = await tx
    .update(reviewDeclarations)
    .set({ groupId, updatedAt: new Date() })
    .where(
      and(
        eq(reviewDeclarations.tenantId, tenantId),
        eq(reviewDeclarations.projectId, projectId),
        inArray(reviewDeclarations.id, declarationIds),
        notInArray(reviewDeclarations.status, NOT_SUBMITTED),
      ),
    )
    .returning({ id: reviewDeclarations.id });
  return rows.length;
}

/** The project's submitted declarations with their unit's name, for putting them in groups. */
export async function submittedDeclarations(
  tx: Tx,
  tenantId: number,
  projectId: number,
): Promise<(DeclarationRow & { unitName: string })[]> {
  const rows = await tx
    .select({ row: reviewDeclarations, unitName: orgs.name })
    .from(reviewDeclarations)
    .leftJoin(orgs, and(eq(orgs.tenantId, tenantId), eq(orgs.id, reviewDeclarations.unitId)))
    .where(
      and(
        eq(reviewDeclarations.tenantId, tenantId),
        eq(reviewDeclarations.projectId, projectId),
        notInArray(reviewDeclarations.status, NOT_SUBMITTED),
      ),
    )
    .orderBy(asc(reviewDeclarations.id))
    .limit(5000);
  return rows.map((r) => ({ ...r.row, unitName: r.unitName ?? '' }));
}

// ---- The home pages' counts (home.ts): each one statement that names the tenant ----

/**
 * Declarations waiting at a stage of this kind ('formal_review', 'approval'): the operators' work.
 * From the tenant's projects (few) to their declarations by review_declarations_project.
 */
export async function countWaitingAtKind(tx: Tx, tenantId: number, kind: string): Promise<number> {
  const d = reviewDeclarations;
  const [row] = await tx
    .select({ n: count() })
    .from(d)
    .innerJoin(reviewProjects, and(eq(reviewProjects.tenantId, tenantId), eq(reviewProjects.id, d.projectId)))
    .where(
      and(
        eq(d.tenantId, tenantId),
        eq(d.status, 'in_review'),
        sql`${reviewProjects.flow} -> (${d.stage}::int) ->> 'kind' = ${kind}`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Declarations waiting for the recommendation of the identity's unit (its first trial, as
 * /projectFirstTrial lists them), by review_declarations_unit; none when the identity has no unit.
 */
export async function countTrialWaiting(tx: Tx, tenantId: number, identityId: number): Promise<number> {
  const d = reviewDeclarations;
  const [row] = await tx
    .select({ n: count() })
    .from(d)
    .innerJoin(
      identities,
      and(eq(identities.tenantId, tenantId), eq(identities.id, identityId), eq(identities.orgId, d.unitId)),
    )
    .innerJoin(reviewProjects, and(eq(reviewProjects.tenantId, tenantId), eq(reviewProjects.id, d.projectId)))
    .where(
      and(
        eq(d.tenantId, tenantId),
        eq(d.status, 'in_review'),
        sql`${reviewProjects.flow} -> (${d.stage}::int) ->> 'kind' = 'first_trial'`,
      ),
    );
  return row?.n ?? 0;
}

/** The reviewer's assignments not yet submitted (/projectReview), by review_assignments_expert. */
export async function countPendingReviews(tx: Tx, tenantId: number, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reviewAssignments)
    .where(
      and(
        eq(reviewAssignments.tenantId, tenantId),
        eq(reviewAssignments.expertUserId, userId),
        eq(reviewAssignments.status, 0),
      ),
    );
  return row?.n ?? 0;
}

/** The applicant's declarations in one status ('returned'), by review_declarations_applicant. */
export async function countMineInStatus(
  tx: Tx,
  tenantId: number,
  userId: number,
  status: TDeclarationStatus,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reviewDeclarations)
    .where(
      and(
        eq(reviewDeclarations.tenantId, tenantId),
        eq(reviewDeclarations.applicantUserId, userId),
        eq(reviewDeclarations.status, status),
      ),
    );
  return row?.n ?? 0;
}

/** The tenant's declarations first submitted since an instant (drafts and withdrawn ones left out). */
export async function countSubmittedSince(tx: Tx, tenantId: number, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reviewDeclarations)
    .where(
      and(
        eq(reviewDeclarations.tenantId, tenantId),
        notInArray(reviewDeclarations.status, NOT_SUBMITTED),
        gte(reviewDeclarations.submittedAt, since),
      ),
    );
  return row?.n ?? 0;
}

// ---- The remaining screens (申报分配, 初审单位详情, 推荐报告, 项目评审报告, 公开申报, 评审人) ----

/** Pairs reviewed in the expert rounds before a stage (多轮评审: 避开前轮专家). */
export async function earlierPairs(
  tx: Tx,
  tenantId: number,
  projectId: number,
  beforeStage: number,
  declarationIds?: number[],
): Promise<{ declarationId: number; expertUserId: number }[]> {
  if (declarationIds && declarationIds.length === 0) return [];
  const a = reviewAssignments;
  return tx
    .selectDistinct({ declarationId: a.declarationId, expertUserId: a.expertUserId })
    .from(a)
    .where(
      and(
        eq(a.tenantId, tenantId),
        eq(a.projectId, projectId),
        sql`${a.stage} < ${beforeStage}`,
        declarationIds ? inArray(a.declarationId, declarationIds) : undefined,
      ),
    );
}

/** A page of the declarations in an expert round (申报分配), optionally those still short of k reviewers. */
export async function roundDeclarations(
  tx: Tx,
  tenantId: number,
  projectId: number,
  stage: number,
  q: { current: number; pageSize: number; keyword?: string; shortOf?: number },
) {
  const d = reviewDeclarations;
  const a = reviewAssignments;
  const reviewers = sql<number>`(select count(*) from ${a} where ${a.tenantId} = ${tenantId} and ${a.declarationId} = ${d.id} and ${a.stage} = ${stage})`;
  const where = and(
    eq(d.tenantId, tenantId),
    eq(d.projectId, projectId),
    eq(d.stage, stage),
    eq(d.status, 'in_review'),
    q.keyword ? or(ilike(d.title, likePattern(q.keyword)), ilike(users.name, likePattern(q.keyword))) : undefined,
    q.shortOf !== undefined ? sql`${reviewers} < ${q.shortOf}` : undefined,
  );
  const [total] = await tx
    .select({ n: count() })
    .from(d)
    .innerJoin(users, eq(users.id, d.applicantUserId))
    .where(where);
  const rows = await tx
    .select({ id: d.id, title: d.title, applicantName: users.name, unitName: orgs.name, groupName: reviewGroups.name })
    .from(d)
    .innerJoin(users, eq(users.id, d.applicantUserId))
    .leftJoin(orgs, and(eq(orgs.tenantId, tenantId), eq(orgs.id, d.unitId)))
    .leftJoin(reviewGroups, and(eq(reviewGroups.tenantId, tenantId), eq(reviewGroups.id, d.groupId)))
    .where(where)
    .orderBy(asc(d.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  return {
    rows: rows.map((r) => ({ ...r, unitName: r.unitName ?? '', groupName: r.groupName ?? '' })),
    total: total?.n ?? 0,
  };
}

/** The assignments of some declarations in one round, with the experts' names. */
export async function assignmentsOf(tx: Tx, tenantId: number, stage: number, declarationIds: number[]) {
  if (declarationIds.length === 0) return [];
  return tx
    .select({ row: reviewAssignments, name: users.name })
    .from(reviewAssignments)
    .innerJoin(users, eq(users.id, reviewAssignments.expertUserId))
    .where(
      and(
        eq(reviewAssignments.tenantId, tenantId),
        eq(reviewAssignments.stage, stage),
        inArray(reviewAssignments.declarationId, declarationIds),
      ),
    )
    .orderBy(asc(reviewAssignments.id));
}

/** Each expert's number of assignments in one round of a project. */
export async function roundLoads(tx: Tx, tenantId: number, projectId: number, stage: number) {
  const a = reviewAssignments;
  const rows = await tx
    .select({ userId: a.expertUserId, n: count() })
    .from(a)
    .where(and(eq(a.tenantId, tenantId), eq(a.projectId, projectId), eq(a.stage, stage)))
    .groupBy(a.expertUserId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/**
 * The last first-trial decision (pass, return, reject) at a stage on each of some declarations,
 * with who made it and when.
 */
export async function lastTrialActs(tx: Tx, tenantId: number, stage: number, declarationIds: number[]) {
  if (declarationIds.length === 0)
    return new Map<number, { action: string; remark: string; actorName: string; at: Date }>();
  const t = reviewTransitions;
  const rows = await tx
    .selectDistinctOn([t.declarationId], {
      declarationId: t.declarationId,
      action: t.action,
      remark: t.remark,
      actorName: t.actorName,
      at: t.at,
    })
    .from(t)
    .where(
      and(
        eq(t.tenantId, tenantId),
        eq(t.stage, stage),
        inArray(t.declarationId, declarationIds),
        inArray(t.action, ['pass', 'return', 'reject']),
      ),
    )
    .orderBy(t.declarationId, desc(t.id));
  return new Map(rows.map(({ declarationId, ...r }) => [declarationId, r]));
}

/** A unit's recommendations at a stage: each declaration it passed, with its first pass. */
export async function unitRecommendations(tx: Tx, tenantId: number, projectId: number, stage: number, unitId: number) {
  const t = reviewTransitions;
  const d = reviewDeclarations;
  const firstPass = tx
    .selectDistinctOn([t.declarationId], {
      tenantId: t.tenantId,
      declarationId: t.declarationId,
      remark: t.remark,
      actorName: t.actorName,
      at: t.at,
    })
    .from(t)
    .where(
      and(
        eq(t.tenantId, tenantId),
        eq(t.projectId, projectId),
        eq(t.stage, stage),
        eq(t.action, 'pass'),
        eq(t.actorUnitId, unitId),
      ),
    )
    .orderBy(t.declarationId, asc(t.id))
    .as('first_pass');
  const rows = await tx
    .select({
      row: d,
      applicantName: users.name,
      remark: firstPass.remark,
      actorName: firstPass.actorName,
      at: firstPass.at,
    })
    .from(firstPass)
    .innerJoin(d, and(eq(d.tenantId, tenantId), eq(d.tenantId, firstPass.tenantId), eq(d.id, firstPass.declarationId)))
    .innerJoin(users, eq(users.id, d.applicantUserId))
    .orderBy(asc(firstPass.at), asc(d.id));
  return rows;
}

/** A unit's submitted declarations of a project by status at a stage (the report's other figures). */
export async function unitStatusCounts(tx: Tx, tenantId: number, projectId: number, stage: number, unitId: number) {
  const d = reviewDeclarations;
  const at = (status: string) =>
    sql<number>`count(*) filter (where ${d.status} = ${status} and ${d.stage} = ${stage})`.mapWith(Number);
  const [row] = await tx
    .select({ declarations: count(), pending: at('in_review'), returned: at('returned'), rejected: at('rejected') })
    .from(d)
    .where(and(ofProject(tenantId, projectId), eq(d.unitId, unitId), notInArray(d.status, NOT_SUBMITTED)));
  return row ?? { declarations: 0, pending: 0, returned: 0, rejected: 0 };
}

/** Per stage: declarations that acted there (distinct), by action (项目评审报告's funnel). */
export async function stageActions(tx: Tx, tenantId: number, projectId: number) {
  const t = reviewTransitions;
  return tx
    .select({
      stage: t.stage,
      action: t.action,
      n: sql<number>`count(distinct ${t.declarationId})`.mapWith(Number),
    })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), eq(t.projectId, projectId)))
    .groupBy(t.stage, t.action);
}

/** Per expert round: distinct experts, assignments and submitted reviews. */
export async function roundTotals(tx: Tx, tenantId: number, projectId: number) {
  const a = reviewAssignments;
  return tx
    .select({
      stage: a.stage,
      experts: sql<number>`count(distinct ${a.expertUserId})`.mapWith(Number),
      assigned: count(),
      submitted: sql<number>`count(*) filter (where ${a.status} = 1)`.mapWith(Number),
    })
    .from(a)
    .where(and(eq(a.tenantId, tenantId), eq(a.projectId, projectId)))
    .groupBy(a.stage);
}

/** Published calls of a tenant (公开申报): not templates, not deleted; open first. */
export async function listPublishedProjects(
  tx: Tx,
  tenantId: number,
  q: { current: number; pageSize: number; keyword?: string; state?: 'open' | 'upcoming' | 'closed' },
  now: Date,
): Promise<{ rows: ProjectRow[]; total: number }> {
  const p = reviewProjects;
  const iso = now.toISOString();
  const opened = sql`coalesce(${p.settings}->>'openAt', '') <= ${iso}`;
  const notClosed = sql`coalesce(nullif(${p.settings}->>'closeAt', ''), '9999') > ${iso}`;
  const isOpen = and(eq(p.status, 1), opened, notClosed);
  const state =
    q.state === 'open'
      ? isOpen
      : q.state === 'upcoming'
        ? and(eq(p.status, 1), sql`not (${opened})`)
        : q.state === 'closed'
          ? or(eq(p.status, 2), and(eq(p.status, 1), sql`not (${notClosed})`))
          : undefined;
  const where = and(
    eq(p.tenantId, tenantId),
    isNull(p.deletedAt),
    eq(p.isTemplate, false),
    inArray(p.status, [1, 2]),
    q.keyword ? ilike(p.name, likePattern(q.keyword)) : undefined,
    state,
  );
  const [total] = await tx.select({ n: count() }).from(p).where(where);
  const rows = await tx
    .select()
    .from(p)
    .where(where)
    .orderBy(sql`case when ${isOpen} then 0 when ${p.status} = 1 then 1 else 2 end`, desc(p.publishedAt), desc(p.id))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** The caller's review work per project round (评审任务按项目). */
export async function expertRounds(
  tx: Tx,
  tenantId: number,
  userId: number,
  q: { current: number; pageSize: number; keyword?: string },
) {
  const a = reviewAssignments;
  const p = reviewProjects;
  const where = and(
    eq(a.tenantId, tenantId),
    eq(a.expertUserId, userId),
    q.keyword ? ilike(p.name, likePattern(q.keyword)) : undefined,
  );
  const projectJoin = and(eq(p.tenantId, tenantId), eq(p.id, a.projectId));
  const [total] = await tx
    .select({ n: sql<number>`count(distinct (${a.projectId}, ${a.stage}))`.mapWith(Number) })
    .from(a)
    .innerJoin(p, projectJoin)
    .where(where);
  const first = sql<Date>`min(${a.createdAt})`.mapWith((v) => new Date(v));
  const rows = await tx
    .select({
      projectId: a.projectId,
      projectName: p.name,
      flow: p.flow,
      stage: a.stage,
      assigned: count(),
      submitted: sql<number>`count(*) filter (where ${a.status} = 1)`.mapWith(Number),
      average: sql<number | null>`round(avg(${a.total}) filter (where ${a.status} = 1)::numeric, 2)`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      agreed: sql<number>`count(*) filter (where ${a.status} = 1 and ${a.opinion} = 'agree')`.mapWith(Number),
      firstAssignedAt: first,
    })
    .from(a)
    .innerJoin(p, projectJoin)
    .where(where)
    .groupBy(a.projectId, p.name, p.flow, a.stage)
    .orderBy(sql`count(*) filter (where ${a.status} = 0) = 0`, desc(sql`min(${a.createdAt})`), asc(a.stage))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  return { rows, total: total?.n ?? 0 };
}

/** Published projects with a first-trial stage in which a unit has submitted declarations. */
export async function unitProjects(tx: Tx, tenantId: number, unitId: number) {
  const d = reviewDeclarations;
  const p = reviewProjects;
  return tx
    .selectDistinct({ id: p.id, name: p.name, status: p.status, publishedAt: p.publishedAt })
    .from(p)
    .innerJoin(d, and(eq(d.tenantId, tenantId), eq(d.projectId, p.id)))
    .where(
      and(
        eq(p.tenantId, tenantId),
        isNull(p.deletedAt),
        eq(d.unitId, unitId),
        notInArray(d.status, NOT_SUBMITTED),
        sql`jsonb_path_exists(${p.flow}, '$[*] ? (@.kind == "first_trial")')`,
      ),
    )
    .orderBy(desc(p.publishedAt), desc(p.id))
    .limit(200);
}
