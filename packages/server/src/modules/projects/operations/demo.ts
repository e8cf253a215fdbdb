import type { TFlow, TScoreItem } from '@shetuan/shared/projects';
import { ZFlow } from '@shetuan/shared/projects';
import type { AppDatabase } from '../../../platform/db';
import type { DemoTenants } from '../../../platform/modules';
import * as projectsRepo from '../repository';
import * as repo from './repository';
import {
  elementService,
  flowLibraryService,
  gradingSchemeService,
  orgCategoryService,
  scoreRuleService,
} from './service';

/**
 * 运营管理's demo in the city tenant, after the projects' own demo: the libraries (flows, scoring
 * rules, grading schemes), the elements with the demo projects classified and the unit categories.
 * The defaults (评审设置, 运营设置, a default flow) stay the built-in ones, so the wizard starts as it
 * always did until an operator sets them. 专家分类 is left to the operator: the expert library's
 * domains are seeded after this module (module order).
 */

const INNOVATION: TScoreItem[] = [
  { key: 'innovation', name: '创新性', max: 40, weight: 1 },
  { key: 'feasibility', name: '可行性', max: 30, weight: 1 },
  { key: 'benefit', name: '预期效益', max: 30, weight: 1 },
];
const POPULAR: TScoreItem[] = [
  { key: 'science', name: '科学性', max: 40, weight: 1 },
  { key: 'reach', name: '通俗性', max: 30, weight: 1 },
  { key: 'impact', name: '社会影响', max: 30, weight: 1 },
];
const GRADES = [
  { name: '一等', min: 85 },
  { name: '二等', min: 75 },
  { name: '三等', min: 60 },
];

const STANDARD: TFlow = [
  { kind: 'first_trial', name: '单位推荐', quotaPerUnit: 5 },
  { kind: 'formal_review', name: '形式审查' },
  {
    kind: 'expert_review',
    name: '专家评审',
    mode: 'score',
    reviewersPerDeclaration: 3,
    maxPerExpert: 30,
    blind: true,
    grouped: false,
    combine: 'trimmed',
    items: INNOVATION,
  },
  { kind: 'decision', name: '评审结果', method: 'threshold', grades: GRADES, publicityDays: 7 },
] as TFlow;

const DELIBERATION: TFlow = [
  { kind: 'formal_review', name: '形式审查' },
  {
    kind: 'expert_review',
    name: '专家审议',
    mode: 'approval',
    reviewersPerDeclaration: 3,
    maxPerExpert: 30,
    blind: false,
    grouped: false,
    combine: 'mean',
    items: [],
  },
  { kind: 'decision', name: '资助决定', method: 'quota', grades: [{ name: '资助', percent: 30 }], publicityDays: 5 },
] as TFlow;

const CHAIN: TFlow = [{ kind: 'approval', name: '逐级审批', levels: 2 }] as TFlow;

export async function seedOperationsDemo(db: AppDatabase, tenants: DemoTenants): Promise<void> {
  const tenantId = tenants.city;
  await db.withTenant(tenantId, async (tx) => {
    const flow = (name: string, description: string, f: TFlow, isDefault = false) =>
      flowLibraryService.create(tx, tenantId, { name, description, flow: ZFlow.parse(f), isDefault });
    await flow('标准评分流程', '单位推荐、形式审查、专家打分（去掉最高最低分）、按分数线定级', STANDARD);
    await flow('专家审议流程', '形式审查后专家审议（同意/不同意），按比例确定资助', DELIBERATION);
    await flow('两级审批流程', '不需要专家的逐级审批（用印、备案等）', CHAIN);

    await scoreRuleService.create(tx, tenantId, {
      name: '科技创新项目评分',
      description: '创新性、可行性、预期效益，满分100',
      items: INNOVATION,
    });
    await scoreRuleService.create(tx, tenantId, {
      name: '科普项目评分',
      description: '科普作品与活动',
      items: POPULAR,
    });
    await gradingSchemeService.create(tx, tenantId, {
      name: '三等奖（按分数线）',
      description: '85分及以上一等，75分及以上二等，60分及以上三等',
      method: 'threshold',
      grades: GRADES,
      publicityDays: 7,
    });
    await gradingSchemeService.create(tx, tenantId, {
      name: '择优资助（前30%）',
      description: '',
      method: 'quota',
      grades: [{ name: '资助', percent: 30 }],
      publicityDays: 5,
    });
    const element = (type: 'category' | 'level' | 'year', name: string, sort: number) =>
      elementService.create(tx, tenantId, { type, name, sort, enabled: true, remark: '' });
    const engineering = await element('category', '工程技术', 1);
    await element('category', '自然科学', 2);
    const popular = await element('category', '科学普及', 3);
    const soft = await element('category', '软科学', 4);
    const key = await element('level', '重点项目', 1);
    const general = await element('level', '一般项目', 2);
    const y2026 = await element('year', '2026年度', 1);
    await element('year', '2027年度', 2);

    const orgCategory = (name: string, orgTypes: number[], sort: number) =>
      orgCategoryService.create(tx, tenantId, { name, orgTypes, sort, remark: '' });
    await orgCategory('高等院校', [8], 1);
    await orgCategory('企业', [7], 2);
    await orgCategory('学会', [4, 5, 6, 10], 3);
    await orgCategory('科协及直属单位', [1, 2, 3, 9, 11], 4);

    // The demo projects, classified: the scoring project, the approval one, the chain, the template.
    const { rows } = await projectsRepo.listProjects(tx, tenantId, { current: 1, pageSize: 50, template: false });
    const { rows: templates } = await projectsRepo.listProjects(tx, tenantId, {
      current: 1,
      pageSize: 50,
      template: true,
    });
    for (const p of [...rows, ...templates]) {
      const scoring = p.flow.some((s) => s.kind === 'expert_review' && s.mode === 'score');
      const approval = p.flow.some((s) => s.kind === 'expert_review' && s.mode === 'approval');
      await repo.saveProjectElements(tx, tenantId, p.id, {
        categoryId: scoring ? engineering : approval ? popular : soft,
        levelId: scoring ? key : general,
        yearId: y2026,
      });
    }
  });
}
