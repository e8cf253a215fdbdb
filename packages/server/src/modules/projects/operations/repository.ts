import { likePattern } from '@shetuan/shared';
import type { ElementType, TOpsProjectQuery } from '@shetuan/shared/projects';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../platform/db';
import { users } from '../../../platform/directory/tables';
import { formProjects } from '../../forms';
import { reviewDeclarations, reviewProjects } from '../tables';
import {
  reviewCategoryDomains,
  reviewElements,
  reviewFlowLibrary,
  reviewGradingSchemes,
  reviewOperationSettings,
  reviewOrgCategories,
  reviewProjectElements,
  reviewScoreRules,
} from './tables';

/**
 * The SQL of 运营管理. Every function names the tenant in its WHERE, INSERT and JOIN conditions
 * (docs/scale-out.md); row-level security stays the safety net.
 */

export interface Paging {
  current: number;
  pageSize: number;
  keyword?: string | undefined;
}
const offsetOf = (q: Paging) => (q.current - 1) * q.pageSize;
/** Library lists (options, the wizard) read at most this many rows. */
export const LIBRARY_LIMIT = 200;

// ———————————————————————— 项目流程 ————————————————————————

export type FlowRow = typeof reviewFlowLibrary.$inferSelect;
type FlowValues = Omit<typeof reviewFlowLibrary.$inferInsert, 'tenantId' | 'id'>;
const flowOf = (tenantId: number, id: number) =>
  and(eq(reviewFlowLibrary.tenantId, tenantId), eq(reviewFlowLibrary.id, id));

export async function listFlows(tx: Tx, tenantId: number, q: Paging): Promise<{ rows: FlowRow[]; total: number }> {
  const where = and(
    eq(reviewFlowLibrary.tenantId, tenantId),
    q.keyword ? ilike(reviewFlowLibrary.name, likePattern(q.keyword)) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(reviewFlowLibrary).where(where);
  const rows = await tx
    .select()
    .from(reviewFlowLibrary)
    .where(where)
    .orderBy(desc(reviewFlowLibrary.isDefault), desc(reviewFlowLibrary.updatedAt), desc(reviewFlowLibrary.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { rows, total: total?.n ?? 0 };
}

export function allFlows(tx: Tx, tenantId: number): Promise<FlowRow[]> {
  return tx
    .select()
    .from(reviewFlowLibrary)
    .where(eq(reviewFlowLibrary.tenantId, tenantId))
    .orderBy(desc(reviewFlowLibrary.isDefault), asc(reviewFlowLibrary.name))
    .limit(LIBRARY_LIMIT);
}

export async function findFlow(tx: Tx, tenantId: number, id: number): Promise<FlowRow | undefined> {
  const [row] = await tx.select().from(reviewFlowLibrary).where(flowOf(tenantId, id));
  return row;
}

export async function insertFlow(tx: Tx, tenantId: number, values: FlowValues): Promise<number> {
  const [row] = await tx
    .insert(reviewFlowLibrary)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning({ id: reviewFlowLibrary.id });
  return row?.id ?? 0;
}

/** Answers whether a row changed; false when another row of the tenant has the name. */
export async function updateFlow(tx: Tx, tenantId: number, id: number, values: FlowValues): Promise<boolean> {
  const rows = await tx
    .update(reviewFlowLibrary)
    .set({ ...values, updatedAt: new Date() })
    .where(flowOf(tenantId, id))
    .returning({ id: reviewFlowLibrary.id });
  return rows.length > 0;
}

export async function deleteFlow(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx.delete(reviewFlowLibrary).where(flowOf(tenantId, id)).returning({ id: reviewFlowLibrary.id });
  return rows.length > 0;
}

/** Leaves `keep` the only default flow of the tenant. */
export async function clearDefaultFlows(tx: Tx, tenantId: number, keep: number): Promise<void> {
  await tx
    .update(reviewFlowLibrary)
    .set({ isDefault: false })
    .where(
      and(
        eq(reviewFlowLibrary.tenantId, tenantId),
        eq(reviewFlowLibrary.isDefault, true),
        sql`${reviewFlowLibrary.id} <> ${keep}`,
      ),
    );
}

export async function flowNameTaken(tx: Tx, tenantId: number, name: string, except = 0): Promise<boolean> {
  const [row] = await tx
    .select({ id: reviewFlowLibrary.id })
    .from(reviewFlowLibrary)
    .where(
      and(
        eq(reviewFlowLibrary.tenantId, tenantId),
        eq(reviewFlowLibrary.name, name),
        sql`${reviewFlowLibrary.id} <> ${except}`,
      ),
    );
  return row !== undefined;
}

// ———————————————————————— 评分规则 ————————————————————————

export type ScoreRuleRow = typeof reviewScoreRules.$inferSelect;
type ScoreRuleValues = Omit<typeof reviewScoreRules.$inferInsert, 'tenantId' | 'id'>;
const ruleOf = (tenantId: number, id: number) =>
  and(eq(reviewScoreRules.tenantId, tenantId), eq(reviewScoreRules.id, id));

export async function listScoreRules(tx: Tx, tenantId: number, q: Paging) {
  const where = and(
    eq(reviewScoreRules.tenantId, tenantId),
    q.keyword ? ilike(reviewScoreRules.name, likePattern(q.keyword)) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(reviewScoreRules).where(where);
  const rows = await tx
    .select()
    .from(reviewScoreRules)
    .where(where)
    .orderBy(desc(reviewScoreRules.updatedAt), desc(reviewScoreRules.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { rows, total: total?.n ?? 0 };
}

export function allScoreRules(tx: Tx, tenantId: number): Promise<ScoreRuleRow[]> {
  return tx
    .select()
    .from(reviewScoreRules)
    .where(eq(reviewScoreRules.tenantId, tenantId))
    .orderBy(asc(reviewScoreRules.name))
    .limit(LIBRARY_LIMIT);
}

export async function findScoreRule(tx: Tx, tenantId: number, id: number): Promise<ScoreRuleRow | undefined> {
  const [row] = await tx.select().from(reviewScoreRules).where(ruleOf(tenantId, id));
  return row;
}

export async function insertScoreRule(tx: Tx, tenantId: number, values: ScoreRuleValues): Promise<number> {
  const [row] = await tx
    .insert(reviewScoreRules)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning({ id: reviewScoreRules.id });
  return row?.id ?? 0;
}

export async function updateScoreRule(tx: Tx, tenantId: number, id: number, values: ScoreRuleValues) {
  const rows = await tx
    .update(reviewScoreRules)
    .set({ ...values, updatedAt: new Date() })
    .where(ruleOf(tenantId, id))
    .returning({ id: reviewScoreRules.id });
  return rows.length > 0;
}

export async function deleteScoreRule(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx.delete(reviewScoreRules).where(ruleOf(tenantId, id)).returning({ id: reviewScoreRules.id });
  return rows.length > 0;
}

export async function scoreRuleNameTaken(tx: Tx, tenantId: number, name: string, except = 0): Promise<boolean> {
  const [row] = await tx
    .select({ id: reviewScoreRules.id })
    .from(reviewScoreRules)
    .where(
      and(
        eq(reviewScoreRules.tenantId, tenantId),
        eq(reviewScoreRules.name, name),
        sql`${reviewScoreRules.id} <> ${except}`,
      ),
    );
  return row !== undefined;
}

// ———————————————————————— 定级方案 ————————————————————————

export type GradingSchemeRow = typeof reviewGradingSchemes.$inferSelect;
type GradingSchemeValues = Omit<typeof reviewGradingSchemes.$inferInsert, 'tenantId' | 'id'>;
const schemeOf = (tenantId: number, id: number) =>
  and(eq(reviewGradingSchemes.tenantId, tenantId), eq(reviewGradingSchemes.id, id));

export async function listGradingSchemes(tx: Tx, tenantId: number, q: Paging) {
  const where = and(
    eq(reviewGradingSchemes.tenantId, tenantId),
    q.keyword ? ilike(reviewGradingSchemes.name, likePattern(q.keyword)) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(reviewGradingSchemes).where(where);
  const rows = await tx
    .select()
    .from(reviewGradingSchemes)
    .where(where)
    .orderBy(desc(reviewGradingSchemes.updatedAt), desc(reviewGradingSchemes.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { rows, total: total?.n ?? 0 };
}

export function allGradingSchemes(tx: Tx, tenantId: number): Promise<GradingSchemeRow[]> {
  return tx
    .select()
    .from(reviewGradingSchemes)
    .where(eq(reviewGradingSchemes.tenantId, tenantId))
    .orderBy(asc(reviewGradingSchemes.name))
    .limit(LIBRARY_LIMIT);
}

export async function findGradingScheme(tx: Tx, tenantId: number, id: number): Promise<GradingSchemeRow | undefined> {
  const [row] = await tx.select().from(reviewGradingSchemes).where(schemeOf(tenantId, id));
  return row;
}

export async function insertGradingScheme(tx: Tx, tenantId: number, values: GradingSchemeValues): Promise<number> {
  const [row] = await tx
    .insert(reviewGradingSchemes)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning({ id: reviewGradingSchemes.id });
  return row?.id ?? 0;
}

export async function updateGradingScheme(tx: Tx, tenantId: number, id: number, values: GradingSchemeValues) {
  const rows = await tx
    .update(reviewGradingSchemes)
    .set({ ...values, updatedAt: new Date() })
    .where(schemeOf(tenantId, id))
    .returning({ id: reviewGradingSchemes.id });
  return rows.length > 0;
}

export async function deleteGradingScheme(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(reviewGradingSchemes)
    .where(schemeOf(tenantId, id))
    .returning({ id: reviewGradingSchemes.id });
  return rows.length > 0;
}

export async function schemeNameTaken(tx: Tx, tenantId: number, name: string, except = 0): Promise<boolean> {
  const [row] = await tx
    .select({ id: reviewGradingSchemes.id })
    .from(reviewGradingSchemes)
    .where(
      and(
        eq(reviewGradingSchemes.tenantId, tenantId),
        eq(reviewGradingSchemes.name, name),
        sql`${reviewGradingSchemes.id} <> ${except}`,
      ),
    );
  return row !== undefined;
}

// ———————————————————————— 项目要素 ————————————————————————

export type ElementRow = typeof reviewElements.$inferSelect;
type ElementValues = Omit<typeof reviewElements.$inferInsert, 'tenantId' | 'id'>;
const elementOf = (tenantId: number, id: number) =>
  and(eq(reviewElements.tenantId, tenantId), eq(reviewElements.id, id));

/** The live projects and templates classified under the element. */
const elementProjectCount = sql<number>`(select count(*)::int from review_project_elements pe
  join review_projects p on p.tenant_id = pe.tenant_id and p.id = pe.project_id and p.deleted_at is null
  where pe.tenant_id = review_elements.tenant_id
    and review_elements.id in (pe.category_id, pe.level_id, pe.year_id))`.mapWith(Number);

export async function listElements(
  tx: Tx,
  tenantId: number,
  q: Paging & { type?: ElementType | undefined },
): Promise<{ rows: (ElementRow & { projectCount: number })[]; total: number }> {
  const where = and(
    eq(reviewElements.tenantId, tenantId),
    q.type ? eq(reviewElements.type, q.type) : undefined,
    q.keyword ? ilike(reviewElements.name, likePattern(q.keyword)) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(reviewElements).where(where);
  const rows = await tx
    .select({ e: reviewElements, projectCount: elementProjectCount })
    .from(reviewElements)
    .where(where)
    .orderBy(
      sql`array_position(array['category','level','year'], ${reviewElements.type})`,
      asc(reviewElements.sort),
      asc(reviewElements.id),
    )
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { rows: rows.map((r) => ({ ...r.e, projectCount: r.projectCount })), total: total?.n ?? 0 };
}

/** Every element of the tenant, in type and display order. */
export function allElements(tx: Tx, tenantId: number): Promise<ElementRow[]> {
  return tx
    .select()
    .from(reviewElements)
    .where(eq(reviewElements.tenantId, tenantId))
    .orderBy(asc(reviewElements.type), asc(reviewElements.sort), asc(reviewElements.id))
    .limit(LIBRARY_LIMIT * 3);
}

/**
 * An element; `lock` holds it for the rest of the transaction: shared by whoever classifies under
 * it, exclusive for deleting it, so a classification made meanwhile is counted, never left pointing
 * at an element that is gone.
 */
export async function findElement(
  tx: Tx,
  tenantId: number,
  id: number,
  lock?: 'share' | 'update',
): Promise<ElementRow | undefined> {
  const query = tx.select().from(reviewElements).where(elementOf(tenantId, id));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export async function insertElement(tx: Tx, tenantId: number, values: ElementValues): Promise<number> {
  const [row] = await tx
    .insert(reviewElements)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning({ id: reviewElements.id });
  return row?.id ?? 0;
}

export async function updateElement(
  tx: Tx,
  tenantId: number,
  id: number,
  values: Omit<ElementValues, 'type'>,
): Promise<boolean> {
  const rows = await tx
    .update(reviewElements)
    .set({ ...values, updatedAt: new Date() })
    .where(elementOf(tenantId, id))
    .returning({ id: reviewElements.id });
  return rows.length > 0;
}

export async function deleteElement(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.delete(reviewElements).where(elementOf(tenantId, id));
}

export async function elementNameTaken(
  tx: Tx,
  tenantId: number,
  type: string,
  name: string,
  except = 0,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: reviewElements.id })
    .from(reviewElements)
    .where(
      and(
        eq(reviewElements.tenantId, tenantId),
        eq(reviewElements.type, type),
        eq(reviewElements.name, name),
        sql`${reviewElements.id} <> ${except}`,
      ),
    );
  return row !== undefined;
}

/** How many live projects and templates use the element (a deleted one's reference stays, unnamed). */
export async function elementUse(tx: Tx, tenantId: number, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(reviewProjectElements)
    .innerJoin(
      reviewProjects,
      and(
        eq(reviewProjects.tenantId, tenantId),
        eq(reviewProjects.id, reviewProjectElements.projectId),
        isNull(reviewProjects.deletedAt),
      ),
    )
    .where(
      and(
        eq(reviewProjectElements.tenantId, tenantId),
        or(
          eq(reviewProjectElements.categoryId, id),
          eq(reviewProjectElements.levelId, id),
          eq(reviewProjectElements.yearId, id),
        ),
      ),
    );
  return row?.n ?? 0;
}

// ———————————————————————— a project's elements ————————————————————————

export type ProjectElementsRow = typeof reviewProjectElements.$inferSelect;

export async function projectElements(
  tx: Tx,
  tenantId: number,
  projectIds: number[],
): Promise<Map<number, ProjectElementsRow>> {
  if (projectIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(reviewProjectElements)
    .where(and(eq(reviewProjectElements.tenantId, tenantId), inArray(reviewProjectElements.projectId, projectIds)));
  return new Map(rows.map((r) => [r.projectId, r]));
}

export async function saveProjectElements(
  tx: Tx,
  tenantId: number,
  projectId: number,
  value: { categoryId: number | null; levelId: number | null; yearId: number | null },
): Promise<void> {
  await tx
    .insert(reviewProjectElements)
    .values({ tenantId, projectId, ...value })
    .onConflictDoUpdate({
      target: [reviewProjectElements.tenantId, reviewProjectElements.projectId],
      set: { ...value, updatedAt: new Date() },
    });
}

// ———————————————————————— 组织类别 ————————————————————————

export type OrgCategoryRow = typeof reviewOrgCategories.$inferSelect;
type OrgCategoryValues = Omit<typeof reviewOrgCategories.$inferInsert, 'tenantId' | 'id'>;
const orgCategoryOf = (tenantId: number, id: number) =>
  and(eq(reviewOrgCategories.tenantId, tenantId), eq(reviewOrgCategories.id, id));

const unitCount = sql<number>`(select count(*)::int from orgs o
  where o.tenant_id = review_org_categories.tenant_id and o.status = 1
    and o.org_type = any(review_org_categories.org_types))`.mapWith(Number);

export async function listOrgCategories(tx: Tx, tenantId: number, q: Paging) {
  const where = and(
    eq(reviewOrgCategories.tenantId, tenantId),
    q.keyword ? ilike(reviewOrgCategories.name, likePattern(q.keyword)) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(reviewOrgCategories).where(where);
  const rows = await tx
    .select({ c: reviewOrgCategories, unitCount })
    .from(reviewOrgCategories)
    .where(where)
    .orderBy(asc(reviewOrgCategories.sort), asc(reviewOrgCategories.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { rows: rows.map((r) => ({ ...r.c, unitCount: r.unitCount })), total: total?.n ?? 0 };
}

export function allOrgCategories(tx: Tx, tenantId: number): Promise<OrgCategoryRow[]> {
  return tx
    .select()
    .from(reviewOrgCategories)
    .where(eq(reviewOrgCategories.tenantId, tenantId))
    .orderBy(asc(reviewOrgCategories.sort), asc(reviewOrgCategories.id))
    .limit(LIBRARY_LIMIT);
}

export async function findOrgCategory(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select({ c: reviewOrgCategories, unitCount })
    .from(reviewOrgCategories)
    .where(orgCategoryOf(tenantId, id));
  return row ? { ...row.c, unitCount: row.unitCount } : undefined;
}

export async function insertOrgCategory(tx: Tx, tenantId: number, values: OrgCategoryValues): Promise<number> {
  const [row] = await tx
    .insert(reviewOrgCategories)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning({ id: reviewOrgCategories.id });
  return row?.id ?? 0;
}

export async function updateOrgCategory(tx: Tx, tenantId: number, id: number, values: OrgCategoryValues) {
  const rows = await tx
    .update(reviewOrgCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(orgCategoryOf(tenantId, id))
    .returning({ id: reviewOrgCategories.id });
  return rows.length > 0;
}

export async function deleteOrgCategory(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(reviewOrgCategories)
    .where(orgCategoryOf(tenantId, id))
    .returning({ id: reviewOrgCategories.id });
  return rows.length > 0;
}

export async function orgCategoryNameTaken(tx: Tx, tenantId: number, name: string, except = 0): Promise<boolean> {
  const [row] = await tx
    .select({ id: reviewOrgCategories.id })
    .from(reviewOrgCategories)
    .where(
      and(
        eq(reviewOrgCategories.tenantId, tenantId),
        eq(reviewOrgCategories.name, name),
        sql`${reviewOrgCategories.id} <> ${except}`,
      ),
    );
  return row !== undefined;
}

// ———————————————————————— 专家分类 ————————————————————————

const category = alias(reviewElements, 'category');

const categoryProjects = sql<number>`(select count(*)::int from review_project_elements pe
  join review_projects p on p.tenant_id = pe.tenant_id and p.id = pe.project_id and p.deleted_at is null
  where pe.tenant_id = review_category_domains.tenant_id and pe.category_id = review_category_domains.category_id)`.mapWith(
  Number,
);

const categoryDomainColumns = {
  id: reviewCategoryDomains.id,
  categoryId: reviewCategoryDomains.categoryId,
  categoryName: sql<string>`coalesce(${category.name}, '')`,
  domainIds: reviewCategoryDomains.domainIds,
  projectCount: categoryProjects,
};
export type CategoryDomainsRow = {
  id: number;
  categoryId: number;
  categoryName: string;
  domainIds: number[];
  projectCount: number;
};

function categoryDomainsJoined(tx: Tx, tenantId: number) {
  return tx
    .select(categoryDomainColumns)
    .from(reviewCategoryDomains)
    .leftJoin(category, and(eq(category.tenantId, tenantId), eq(category.id, reviewCategoryDomains.categoryId)));
}

export async function listCategoryDomains(
  tx: Tx,
  tenantId: number,
  q: Paging,
): Promise<{ rows: CategoryDomainsRow[]; total: number }> {
  const where = and(
    eq(reviewCategoryDomains.tenantId, tenantId),
    q.keyword ? ilike(category.name, likePattern(q.keyword)) : undefined,
  );
  const [total] = await tx
    .select({ n: count() })
    .from(reviewCategoryDomains)
    .leftJoin(category, and(eq(category.tenantId, tenantId), eq(category.id, reviewCategoryDomains.categoryId)))
    .where(where);
  const rows = await categoryDomainsJoined(tx, tenantId)
    .where(where)
    .orderBy(asc(category.sort), asc(reviewCategoryDomains.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { rows, total: total?.n ?? 0 };
}

export async function findCategoryDomains(
  tx: Tx,
  tenantId: number,
  id: number,
): Promise<CategoryDomainsRow | undefined> {
  const [row] = await categoryDomainsJoined(tx, tenantId).where(
    and(eq(reviewCategoryDomains.tenantId, tenantId), eq(reviewCategoryDomains.id, id)),
  );
  return row;
}

/** The domains mapped to a category (none: empty). */
export async function domainsOfCategory(tx: Tx, tenantId: number, categoryId: number): Promise<number[]> {
  const [row] = await tx
    .select({ domainIds: reviewCategoryDomains.domainIds })
    .from(reviewCategoryDomains)
    .where(and(eq(reviewCategoryDomains.tenantId, tenantId), eq(reviewCategoryDomains.categoryId, categoryId)));
  return row?.domainIds ?? [];
}

export async function insertCategoryDomains(
  tx: Tx,
  tenantId: number,
  categoryId: number,
  domainIds: number[],
): Promise<number> {
  const [row] = await tx
    .insert(reviewCategoryDomains)
    .values({ tenantId, categoryId, domainIds })
    .onConflictDoNothing()
    .returning({ id: reviewCategoryDomains.id });
  return row?.id ?? 0;
}

export async function updateCategoryDomains(tx: Tx, tenantId: number, id: number, domainIds: number[]) {
  const rows = await tx
    .update(reviewCategoryDomains)
    .set({ domainIds, updatedAt: new Date() })
    .where(and(eq(reviewCategoryDomains.tenantId, tenantId), eq(reviewCategoryDomains.id, id)))
    .returning({ id: reviewCategoryDomains.id });
  return rows.length > 0;
}

export async function deleteCategoryDomains(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(reviewCategoryDomains)
    .where(and(eq(reviewCategoryDomains.tenantId, tenantId), eq(reviewCategoryDomains.id, id)))
    .returning({ id: reviewCategoryDomains.id });
  return rows.length > 0;
}

/** Drops the mapping of a category being deleted. */
export async function deleteDomainsOfCategory(tx: Tx, tenantId: number, categoryId: number): Promise<void> {
  await tx
    .delete(reviewCategoryDomains)
    .where(and(eq(reviewCategoryDomains.tenantId, tenantId), eq(reviewCategoryDomains.categoryId, categoryId)));
}

// ———————————————————————— settings ————————————————————————

export type SettingsRow = typeof reviewOperationSettings.$inferSelect;

export async function findSettings(tx: Tx, tenantId: number): Promise<SettingsRow | undefined> {
  const [row] = await tx.select().from(reviewOperationSettings).where(eq(reviewOperationSettings.tenantId, tenantId));
  return row;
}

export async function saveSettings(
  tx: Tx,
  tenantId: number,
  change: Partial<Pick<SettingsRow, 'review' | 'declaration'>>,
): Promise<void> {
  await tx
    .insert(reviewOperationSettings)
    .values({ tenantId, ...change })
    .onConflictDoUpdate({ target: reviewOperationSettings.tenantId, set: { ...change, updatedAt: new Date() } });
}

// ———————————————————————— projects and templates ————————————————————————

const creator = alias(users, 'creator');
const cat = alias(reviewElements, 'cat');
const lvl = alias(reviewElements, 'lvl');
const yr = alias(reviewElements, 'yr');

const projectColumns = {
  p: reviewProjects,
  creatorName: sql<string>`coalesce(${creator.name}, '')`,
  categoryId: reviewProjectElements.categoryId,
  categoryName: sql<string>`coalesce(${cat.name}, '')`,
  levelId: reviewProjectElements.levelId,
  levelName: sql<string>`coalesce(${lvl.name}, '')`,
  yearId: reviewProjectElements.yearId,
  yearName: sql<string>`coalesce(${yr.name}, '')`,
};
export type ClassifiedProject = {
  p: typeof reviewProjects.$inferSelect;
  creatorName: string;
  categoryId: number | null;
  categoryName: string;
  levelId: number | null;
  levelName: string;
  yearId: number | null;
  yearName: string;
};

function classified(tx: Tx, tenantId: number, select: typeof projectColumns | { n: ReturnType<typeof count> }) {
  return tx
    .select(select as typeof projectColumns)
    .from(reviewProjects)
    .leftJoin(creator, eq(creator.id, reviewProjects.createdBy))
    .leftJoin(
      reviewProjectElements,
      and(eq(reviewProjectElements.tenantId, tenantId), eq(reviewProjectElements.projectId, reviewProjects.id)),
    )
    .leftJoin(cat, and(eq(cat.tenantId, tenantId), eq(cat.id, reviewProjectElements.categoryId)))
    .leftJoin(lvl, and(eq(lvl.tenantId, tenantId), eq(lvl.id, reviewProjectElements.levelId)))
    .leftJoin(yr, and(eq(yr.tenantId, tenantId), eq(yr.id, reviewProjectElements.yearId)));
}

const closeAtSql = sql`nullif(${reviewProjects.settings}->>'closeAt', '')::timestamptz`;
const openAtSql = sql`nullif(${reviewProjects.settings}->>'openAt', '')::timestamptz`;

/** The SQL of a 申报阶段 at `now` (the same cut as the service's phaseOf). */
function phaseWhere(phase: NonNullable<TOpsProjectQuery['phase']>, now: Date): SQL | undefined {
  const soon = new Date(now.getTime() + 7 * 86_400_000);
  const open = eq(reviewProjects.status, 1);
  const started = sql`(${openAtSql} is null or ${openAtSql} <= ${now.toISOString()}::timestamptz)`;
  const notOver = sql`(${closeAtSql} is null or ${closeAtSql} > ${now.toISOString()}::timestamptz)`;
  switch (phase) {
    case 'draft':
      return eq(reviewProjects.status, 0);
    case 'closed':
      return eq(reviewProjects.status, 2);
    case 'pending':
      return and(open, sql`${openAtSql} > ${now.toISOString()}::timestamptz`);
    case 'open':
      return and(open, started, notOver);
    case 'closing':
      return and(open, started, notOver, sql`${closeAtSql} <= ${soon.toISOString()}::timestamptz`);
    case 'overdue':
      return and(open, sql`${closeAtSql} <= ${now.toISOString()}::timestamptz`);
  }
}

export async function listClassifiedProjects(
  tx: Tx,
  tenantId: number,
  q: Paging & {
    template: boolean;
    phase?: TOpsProjectQuery['phase'];
    categoryId?: number | undefined;
    levelId?: number | undefined;
    yearId?: number | undefined;
  },
  now = new Date(),
): Promise<{ rows: ClassifiedProject[]; total: number }> {
  const where = and(
    eq(reviewProjects.tenantId, tenantId),
    isNull(reviewProjects.deletedAt),
    eq(reviewProjects.isTemplate, q.template),
    q.keyword ? ilike(reviewProjects.name, likePattern(q.keyword)) : undefined,
    q.phase ? phaseWhere(q.phase, now) : undefined,
    q.categoryId ? eq(reviewProjectElements.categoryId, q.categoryId) : undefined,
    q.levelId ? eq(reviewProjectElements.levelId, q.levelId) : undefined,
    q.yearId ? eq(reviewProjectElements.yearId, q.yearId) : undefined,
  );
  const [total] = (await classified(tx, tenantId, { n: count() }).where(where)) as unknown as { n: number }[];
  const rows = await classified(tx, tenantId, projectColumns)
    .where(where)
    .orderBy(desc(reviewProjects.createdAt), desc(reviewProjects.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { rows, total: total?.n ?? 0 };
}

export async function findClassifiedProject(
  tx: Tx,
  tenantId: number,
  id: number,
): Promise<ClassifiedProject | undefined> {
  const [row] = await classified(tx, tenantId, projectColumns).where(
    and(eq(reviewProjects.tenantId, tenantId), eq(reviewProjects.id, id), isNull(reviewProjects.deletedAt)),
  );
  return row;
}

/** Each project's declarations by (status, stage, result): one grouped query for a page of projects. */
export async function declarationStates(tx: Tx, tenantId: number, projectIds: number[]) {
  if (projectIds.length === 0) return [];
  return tx
    .select({
      projectId: reviewDeclarations.projectId,
      status: reviewDeclarations.status,
      stage: reviewDeclarations.stage,
      result: reviewDeclarations.result,
      n: count(),
    })
    .from(reviewDeclarations)
    .where(and(eq(reviewDeclarations.tenantId, tenantId), inArray(reviewDeclarations.projectId, projectIds)))
    .groupBy(
      reviewDeclarations.projectId,
      reviewDeclarations.status,
      reviewDeclarations.stage,
      reviewDeclarations.result,
    );
}

/** Projects a declaration form may be put in: not published yet, or templates. */
export function formTargets(tx: Tx, tenantId: number) {
  return tx
    .select({ id: reviewProjects.id, name: reviewProjects.name, isTemplate: reviewProjects.isTemplate })
    .from(reviewProjects)
    .where(
      and(
        eq(reviewProjects.tenantId, tenantId),
        isNull(reviewProjects.deletedAt),
        or(eq(reviewProjects.isTemplate, true), eq(reviewProjects.status, 0)),
      ),
    )
    .orderBy(desc(reviewProjects.isTemplate), desc(reviewProjects.createdAt))
    .limit(LIBRARY_LIMIT);
}

/**
 * 项目要素: for each value of one element column, its live projects, their submitted, approved and
 * decided declarations (null id: the projects with no value of that type).
 */
export async function elementFigures(tx: Tx, tenantId: number, type: ElementType) {
  const column = {
    category: reviewProjectElements.categoryId,
    level: reviewProjectElements.levelId,
    year: reviewProjectElements.yearId,
  }[type];
  return tx
    .select({
      id: column,
      projects: sql<number>`count(distinct ${reviewProjects.id})`.mapWith(Number),
      submitted:
        sql<number>`count(${reviewDeclarations.id}) filter (where ${reviewDeclarations.status} not in ('draft', 'withdrawn'))`.mapWith(
          Number,
        ),
      approved:
        sql<number>`count(${reviewDeclarations.id}) filter (where ${reviewDeclarations.result} = 'approved')`.mapWith(
          Number,
        ),
      decided:
        sql<number>`count(${reviewDeclarations.id}) filter (where ${reviewDeclarations.status} = 'decided')`.mapWith(
          Number,
        ),
    })
    .from(reviewProjects)
    .leftJoin(
      reviewProjectElements,
      and(eq(reviewProjectElements.tenantId, tenantId), eq(reviewProjectElements.projectId, reviewProjects.id)),
    )
    .leftJoin(
      reviewDeclarations,
      and(eq(reviewDeclarations.tenantId, tenantId), eq(reviewDeclarations.projectId, reviewProjects.id)),
    )
    .where(
      and(
        eq(reviewProjects.tenantId, tenantId),
        isNull(reviewProjects.deletedAt),
        eq(reviewProjects.isTemplate, false),
      ),
    )
    .groupBy(column);
}

// ———————————————————————— 项目表单 (forms of kind `declaration`) ————————————————————————

const owner = alias(users, 'owner');

export interface DeclarationFormRow {
  key: string;
  name: string;
  ownerUserId: number;
  ownerName: string;
  publishedVersion: number;
  questionCount: number;
  updatedAt: Date;
}

export async function listDeclarationForms(
  tx: Tx,
  tenantId: number,
  kind: string,
  q: Paging & { usage?: 'used' | 'unused' | undefined; ownerUserId?: number | undefined; keys?: string[] },
): Promise<{ rows: DeclarationFormRow[]; total: number }> {
  const used = sql`exists (select 1 from review_projects p
    where p.tenant_id = form_projects.tenant_id and p.form_key = form_projects.key and p.deleted_at is null)`;
  const where = and(
    eq(formProjects.tenantId, tenantId),
    eq(formProjects.kind, kind),
    isNull(formProjects.deletedAt),
    q.keyword ? ilike(formProjects.name, likePattern(q.keyword)) : undefined,
    q.usage === 'used' ? used : q.usage === 'unused' ? sql`not ${used}` : undefined,
    q.ownerUserId ? eq(formProjects.ownerUserId, q.ownerUserId) : undefined,
    q.keys ? inArray(formProjects.key, q.keys.length ? q.keys : ['']) : undefined,
  );
  const [total] = await tx.select({ n: count() }).from(formProjects).where(where);
  const rows = await tx
    .select({
      key: formProjects.key,
      name: formProjects.name,
      ownerUserId: formProjects.ownerUserId,
      ownerName: sql<string>`coalesce(${owner.name}, '')`,
      publishedVersion: formProjects.publishedVersion,
      questionCount: sql<number>`coalesce(jsonb_array_length(form_projects.schema->'fields'), 0)`.mapWith(Number),
      updatedAt: formProjects.updatedAt,
    })
    .from(formProjects)
    .leftJoin(owner, eq(owner.id, formProjects.ownerUserId))
    .where(where)
    .orderBy(desc(formProjects.updatedAt), desc(formProjects.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return { rows, total: total?.n ?? 0 };
}

/** The live projects and templates using each form. */
export async function projectsOfForms(tx: Tx, tenantId: number, keys: string[]) {
  if (keys.length === 0) return [];
  return tx
    .select({
      formKey: reviewProjects.formKey,
      id: reviewProjects.id,
      name: reviewProjects.name,
      isTemplate: reviewProjects.isTemplate,
    })
    .from(reviewProjects)
    .where(
      and(
        eq(reviewProjects.tenantId, tenantId),
        inArray(reviewProjects.formKey, keys),
        isNull(reviewProjects.deletedAt),
      ),
    )
    .orderBy(asc(reviewProjects.id));
}
