import { ResultCode, type TPage } from '@shetuan/shared';
import {
  type CATEGORY_DOMAINS,
  ELEMENT_TYPE_NAMES,
  type ElementType,
  type FLOW_LIBRARY,
  type GRADING_SCHEMES,
  maxTotal,
  type ORG_CATEGORIES,
  type PROJECT_ELEMENTS,
  type SCORE_RULES,
  type TDeclarationDefaults,
  type TFlow,
  type TGrade,
  type TReviewDefaults,
  type TWizardLibrary,
  unitTypeText,
  ZDeclarationDefaults,
  ZReviewDefaults,
} from '@shetuan/shared/projects';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db';
import { AppError } from '../../../platform/http/errors';
import { namedLibraryService, type ResourceService } from '../../../platform/resource';
import { domainOptions, domainsExist } from '../../experts';
import * as repo from './repository';

/**
 * 运营管理's libraries (项目流程, 评分规则, 定级方案, 项目要素, 组织类别, 专家分类) and defaults
 * (评审设置, 运营设置), and what the wizard and the allocation read from them.
 */

const fail = (message: string) => new AppError(ResultCode.FAILED, message);
const page = <T>(records: T[], total: number, q: { current: number; pageSize: number }): TPage<T> => ({
  records,
  total,
  current: q.current,
  pageSize: q.pageSize,
});
const round2 = (x: number) => Math.round(x * 100) / 100;

// ———————————————————————— 项目流程 ————————————————————————

export const flowText = (flow: TFlow) => flow.map((s) => s.name).join(' → ');

const toFlow = (r: repo.FlowRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  flow: r.flow,
  stageText: flowText(r.flow),
  isDefault: r.isDefault,
  updatedAt: r.updatedAt.toISOString(),
});

const FLOW_GONE = '评审流程不存在或已删除';

export const flowLibraryService: ResourceService<typeof FLOW_LIBRARY> = namedLibraryService({
  list: repo.listFlows,
  find: repo.findFlow,
  nameTaken: repo.flowNameTaken,
  insert: repo.insertFlow,
  update: repo.updateFlow,
  remove: repo.deleteFlow,
  view: toFlow,
  messages: { nameTaken: '流程名称已存在', gone: FLOW_GONE },
  async afterWrite(tx, tenantId, id, input: { name: string; isDefault?: boolean }) {
    if (input.isDefault) await repo.clearDefaultFlows(tx, tenantId, id);
  },
});

// ———————————————————————— 评分规则 and 定级方案 ————————————————————————

const toRule = (r: repo.ScoreRuleRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  items: r.items,
  itemText: r.items.map((i) => (i.weight === 1 ? `${i.name} ${i.max}` : `${i.name} ${i.max}×${i.weight}`)).join('、'),
  fullMark: round2(maxTotal(r.items)),
  updatedAt: r.updatedAt.toISOString(),
});

const RULE_GONE = '评分规则不存在或已删除';

export const scoreRuleService: ResourceService<typeof SCORE_RULES> = namedLibraryService({
  list: repo.listScoreRules,
  find: repo.findScoreRule,
  nameTaken: repo.scoreRuleNameTaken,
  insert: repo.insertScoreRule,
  update: repo.updateScoreRule,
  remove: repo.deleteScoreRule,
  view: toRule,
  messages: { nameTaken: '规则名称已存在', gone: RULE_GONE },
  async beforeRemove(tx, tenantId, id) {
    if ((await reviewDefaults(tx, tenantId)).scoreRuleId === id)
      throw fail('该规则是评审设置中的默认评分规则，请先在评审设置中更换');
  },
});

export function gradeText(method: string, grades: readonly TGrade[]): string {
  return grades
    .map((g) => (method === 'quota' ? `${g.name} ${g.percent ?? 0}%` : `${g.name} ≥${g.min ?? 0}`))
    .join('、');
}

const toScheme = (r: repo.GradingSchemeRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  method: r.method as 'threshold' | 'quota',
  grades: r.grades,
  publicityDays: r.publicityDays,
  gradeText: gradeText(r.method, r.grades),
  updatedAt: r.updatedAt.toISOString(),
});

const SCHEME_GONE = '定级方案不存在或已删除';

export const gradingSchemeService: ResourceService<typeof GRADING_SCHEMES> = namedLibraryService({
  list: repo.listGradingSchemes,
  find: repo.findGradingScheme,
  nameTaken: repo.schemeNameTaken,
  insert: repo.insertGradingScheme,
  update: repo.updateGradingScheme,
  remove: repo.deleteGradingScheme,
  view: toScheme,
  messages: { nameTaken: '方案名称已存在', gone: SCHEME_GONE },
  async beforeRemove(tx, tenantId, id) {
    if ((await reviewDefaults(tx, tenantId)).gradingSchemeId === id)
      throw fail('该方案是评审设置中的默认定级方案，请先在评审设置中更换');
  },
});

// ———————————————————————— 项目要素 ————————————————————————

const ELEMENT_GONE = '项目要素不存在或已删除';

const toElement = (r: repo.ElementRow & { projectCount?: number }) => ({
  id: r.id,
  type: r.type as ElementType,
  name: r.name,
  sort: r.sort,
  enabled: r.enabled,
  remark: r.remark,
  projectCount: r.projectCount ?? 0,
});

export const elementService: ResourceService<typeof PROJECT_ELEMENTS> = {
  async list(tx, tenantId, q) {
    const { rows, total } = await repo.listElements(tx, tenantId, q);
    return page(rows.map(toElement), total, q);
  },
  async get(tx, tenantId, id) {
    const row = await repo.findElement(tx, tenantId, id);
    return row ? toElement({ ...row, projectCount: await repo.elementUse(tx, tenantId, id) }) : null;
  },
  async create(tx, tenantId, input) {
    if (await repo.elementNameTaken(tx, tenantId, input.type, input.name))
      throw fail(`${ELEMENT_TYPE_NAMES[input.type]}“${input.name}”已存在`);
    const id = await repo.insertElement(tx, tenantId, input);
    if (!id) throw fail(`${ELEMENT_TYPE_NAMES[input.type]}“${input.name}”已存在`);
    return id;
  },
  async update(tx, tenantId, id, input) {
    const row = await repo.findElement(tx, tenantId, id);
    if (!row) throw fail(ELEMENT_GONE);
    if (await repo.elementNameTaken(tx, tenantId, row.type, input.name, id))
      throw fail(`${ELEMENT_TYPE_NAMES[row.type as ElementType]}“${input.name}”已存在`);
    await repo.updateElement(tx, tenantId, id, input);
  },
  async remove(tx, tenantId, id) {
    const row = await repo.findElement(tx, tenantId, id, 'update');
    if (!row) throw fail(ELEMENT_GONE);
    const used = await repo.elementUse(tx, tenantId, id);
    if (used > 0) throw fail(`已有${used}个项目使用该要素，不能删除；可以改为停用`);
    await repo.deleteDomainsOfCategory(tx, tenantId, id);
    await repo.deleteElement(tx, tenantId, id);
  },
};

/** The enabled categories (专家分类's choices). */
export async function categoryOptions(tx: Tx, tenantId: number) {
  const rows = await repo.allElements(tx, tenantId);
  return { list: rows.filter((r) => r.type === 'category' && r.enabled).map((r) => ({ id: r.id, name: r.name })) };
}

// ———————————————————————— 组织类别 ————————————————————————

const toOrgCategory = (r: repo.OrgCategoryRow & { unitCount: number }) => ({
  id: r.id,
  name: r.name,
  orgTypes: r.orgTypes,
  orgTypeText: unitTypeText(r.orgTypes),
  unitCount: r.unitCount,
  sort: r.sort,
  remark: r.remark,
});

const ORG_CATEGORY_GONE = '组织类别不存在或已删除';

export const orgCategoryService: ResourceService<typeof ORG_CATEGORIES> = {
  async list(tx, tenantId, q) {
    const { rows, total } = await repo.listOrgCategories(tx, tenantId, q);
    return page(rows.map(toOrgCategory), total, q);
  },
  async get(tx, tenantId, id) {
    const row = await repo.findOrgCategory(tx, tenantId, id);
    return row ? toOrgCategory(row) : null;
  },
  async create(tx, tenantId, input) {
    if (await repo.orgCategoryNameTaken(tx, tenantId, input.name)) throw fail('类别名称已存在');
    const id = await repo.insertOrgCategory(tx, tenantId, input);
    if (!id) throw fail('类别名称已存在');
    return id;
  },
  async update(tx, tenantId, id, input) {
    if (await repo.orgCategoryNameTaken(tx, tenantId, input.name, id)) throw fail('类别名称已存在');
    if (!(await repo.updateOrgCategory(tx, tenantId, id, input))) throw fail(ORG_CATEGORY_GONE);
  },
  async remove(tx, tenantId, id) {
    if (!(await repo.deleteOrgCategory(tx, tenantId, id))) throw fail(ORG_CATEGORY_GONE);
  },
};

// ———————————————————————— 专家分类 ————————————————————————

async function domainNames(tx: Tx, tenantId: number): Promise<Map<number, string>> {
  return new Map((await domainOptions(tx, tenantId)).list.map((d) => [d.id, d.name]));
}

const toCategoryDomains = (r: repo.CategoryDomainsRow, names: Map<number, string>) => ({
  ...r,
  domainText: r.domainIds.map((id) => names.get(id) ?? '（已删除的领域）').join('、'),
});

const MAPPING_GONE = '专家分类不存在或已删除';

async function checkDomains(tx: Tx, tenantId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!(await domainsExist(tx, tenantId, unique))) throw fail('评审领域不存在');
  return unique;
}

export const categoryDomainService: ResourceService<typeof CATEGORY_DOMAINS> = {
  async list(tx, tenantId, q) {
    const { rows, total } = await repo.listCategoryDomains(tx, tenantId, q);
    const names = await domainNames(tx, tenantId);
    return page(
      rows.map((r) => toCategoryDomains(r, names)),
      total,
      q,
    );
  },
  async get(tx, tenantId, id) {
    const row = await repo.findCategoryDomains(tx, tenantId, id);
    return row ? toCategoryDomains(row, await domainNames(tx, tenantId)) : null;
  },
  async create(tx, tenantId, input) {
    const category = await repo.findElement(tx, tenantId, input.categoryId, 'share');
    if (category?.type !== 'category') throw fail('项目类别不存在');
    const domainIds = await checkDomains(tx, tenantId, input.domainIds);
    const id = await repo.insertCategoryDomains(tx, tenantId, category.id, domainIds);
    if (!id) throw fail(`项目类别“${category.name}”已设置评审领域，请编辑该行`);
    return id;
  },
  async update(tx, tenantId, id, input) {
    if (!(await repo.findCategoryDomains(tx, tenantId, id))) throw fail(MAPPING_GONE);
    const domainIds = await checkDomains(tx, tenantId, input.domainIds);
    if (!(await repo.updateCategoryDomains(tx, tenantId, id, domainIds))) throw fail(MAPPING_GONE);
  },
  async remove(tx, tenantId, id) {
    if (!(await repo.deleteCategoryDomains(tx, tenantId, id))) throw fail(MAPPING_GONE);
  },
};

// ———————————————————————— 评审设置 and 运营设置 ————————————————————————

/** The tenant's 评审设置 (the schema's defaults for what was never saved, or saved before a field existed). */
export async function reviewDefaults(tx: Tx, tenantId: number): Promise<TReviewDefaults> {
  const parsed = ZReviewDefaults.safeParse((await repo.findSettings(tx, tenantId))?.review ?? {});
  return parsed.success ? parsed.data : ZReviewDefaults.parse({});
}

export async function declarationDefaults(tx: Tx, tenantId: number): Promise<TDeclarationDefaults> {
  const parsed = ZDeclarationDefaults.safeParse((await repo.findSettings(tx, tenantId))?.declaration ?? {});
  return parsed.success ? parsed.data : ZDeclarationDefaults.parse({});
}

export async function reviewSettingsView(tx: Tx, tenantId: number) {
  const option = (r: { id: number; name: string }) => ({ id: r.id, name: r.name });
  return {
    settings: await reviewDefaults(tx, tenantId),
    scoreRules: (await repo.allScoreRules(tx, tenantId)).map(option),
    gradingSchemes: (await repo.allGradingSchemes(tx, tenantId)).map(option),
  };
}

export async function saveReviewDefaults(tx: Tx, tenantId: number, input: TReviewDefaults): Promise<void> {
  if (input.scoreRuleId !== null && !(await repo.findScoreRule(tx, tenantId, input.scoreRuleId))) throw fail(RULE_GONE);
  if (input.gradingSchemeId !== null && !(await repo.findGradingScheme(tx, tenantId, input.gradingSchemeId)))
    throw fail(SCHEME_GONE);
  await repo.saveSettings(tx, tenantId, { review: input });
}

export async function saveDeclarationDefaults(
  tx: Tx,
  tenantId: number,
  input: z.output<typeof ZDeclarationDefaults>,
): Promise<void> {
  await repo.saveSettings(tx, tenantId, {
    declaration: { ...input, identityCodes: [...new Set(input.identityCodes)], orgTypes: [...new Set(input.orgTypes)] },
  });
}

// ———————————————————————— what the wizard and the allocation read ————————————————————————

/** Everything the project wizard offers and pre-fills, in one answer. */
export async function wizardLibrary(tx: Tx, tenantId: number): Promise<TWizardLibrary> {
  const [flows, rules, schemes, elements, categories] = [
    await repo.allFlows(tx, tenantId),
    await repo.allScoreRules(tx, tenantId),
    await repo.allGradingSchemes(tx, tenantId),
    await repo.allElements(tx, tenantId),
    await repo.allOrgCategories(tx, tenantId),
  ];
  return {
    flows: flows.map((f) => ({
      id: f.id,
      name: f.name,
      description: f.description,
      flow: f.flow,
      isDefault: f.isDefault,
    })),
    scoreRules: rules.map((r) => ({ id: r.id, name: r.name, items: r.items, fullMark: round2(maxTotal(r.items)) })),
    gradingSchemes: schemes.map((s) => ({
      id: s.id,
      name: s.name,
      method: s.method as 'threshold' | 'quota',
      grades: s.grades,
      publicityDays: s.publicityDays,
      gradeText: gradeText(s.method, s.grades),
    })),
    review: await reviewDefaults(tx, tenantId),
    declaration: await declarationDefaults(tx, tenantId),
    elements: elements.map((e) => ({ id: e.id, name: e.name, type: e.type as ElementType, enabled: e.enabled })),
    orgCategories: categories.map((c) => ({ id: c.id, name: c.name, orgTypes: c.orgTypes })),
  };
}

/**
 * The domains a declaration of the project is matched with when it names none of its own (专家分类):
 * its category's, while 评审设置 keeps 按专家分类匹配 on; empty otherwise.
 */
export async function categoryDomainsOf(tx: Tx, tenantId: number, projectId: number): Promise<number[]> {
  if (!(await reviewDefaults(tx, tenantId)).categoryDomains) return [];
  const categoryId = (await repo.projectElements(tx, tenantId, [projectId])).get(projectId)?.categoryId;
  return categoryId ? repo.domainsOfCategory(tx, tenantId, categoryId) : [];
}
