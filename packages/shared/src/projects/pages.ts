// Zod-free on purpose: the route table (in the entry chunk every page loads) imports these, and a
// module that defines a zod schema brings zod to whatever imports it (docs/performance.md, page
// weight). Re-exported by the module's index.
import { definePage } from '../platform/pages';

/**
 * The project declaration and review pages (spec 001 §2.17, menu groups of §2.18). Each route
 * checks one of these; a person reaches a page through the menu their identity's roles grant
 * (项目创建者, 申报人, 初审人, 评审人, 运营管理 groups).
 */
export const PROJECT_PAGES = {
  /** 项目创建者 › 项目管理: the calls for declarations, their flow, form and settings. */
  management: definePage('/projectManagement', '项目管理', {
    add: '新增',
    edit: '编辑',
    delete: '删除',
    export: '导出',
    publish: '发布',
  }),
  /** 项目创建者 › 申报列表: a project's declarations, formal review, approval, advancing and grading. */
  declarations: definePage('/createDeclareList', '申报列表（评分）', {
    review: '审核',
    decide: '定级',
    export: '导出',
  }),
  /** 运营管理 › 评审分配: reviewers for each declaration of an expert round. */
  allocation: definePage('/reviewAllocation', '评审分配', { assign: '分配' }),
  /** 项目创建者 › 分组分配: review groups (分组评审) — their experts and declarations. */
  groups: definePage('/declarationDistributionGroup', '分组分配', { assign: '分组' }),
  /** 申报人 › 我的申报. */
  declare: definePage('/DeclareList', '我的申报', {}),
  /** 申报人 › 历史申报. */
  history: definePage('/historyDeclare', '历史申报', {}),
  /** 初审人 › 项目初审: the declarations waiting for the caller's unit. */
  firstTrial: definePage('/projectFirstTrial', '项目初审', {}),
  /** 初审人 › 初审列表: what the caller's unit has handled; its recommendation details and report. */
  firstTrialList: definePage('/projectFirstTrialList', '初审列表', { export: '导出' }),
  /** 评审人 › 项目评审: the reviews waiting for the caller. */
  review: definePage('/projectReview', '项目评审', {}),
  /** 评审人 › 评审列表: the caller's submitted reviews (and /reviewList, all of them). */
  reviewList: definePage('/projectReviewList', '评审列表', { export: '导出' }),
  /** 项目统计: figures and charts of one project. */
  statistics: definePage('/projectStatistics', '项目统计', {}),
  /** 项目统计 › 累计申报: every submitted declaration of the tenant, across projects. */
  cumulative: definePage('/cumulativeDeclarationList', '累计申报', { export: '导出' }),
  /** 项目统计 › 评分列表: the score sheet (each expert's item scores). */
  scoreSheet: definePage('/scoreByList', '评分列表', { export: '导出' }),
  /** 项目统计 › 审批列表: each expert's opinion in approval rounds. */
  approvalSheet: definePage('/approvalByList', '审批列表', { export: '导出' }),
  /** 项目统计 › 初审单位: each recommending unit's declarations and quota use. */
  trialUnits: definePage('/trialUnitList', '初审单位', { export: '导出' }),
  /** 项目统计 › 评审专家: each expert's load and progress. */
  reviewExperts: definePage('/reviewExperts', '评审专家', { export: '导出' }),
  /** 项目统计 › 初审单位详情: one unit's declarations in a project and what it did with each. */
  trialUnitDetails: definePage('/trialUnitDetails', '初审单位详情', { export: '导出' }),
  /**
   * 项目创建者 › 申报分配: one declaration's reviewers, added and removed by hand. Opening the page
   * is the right to allocate (it has no other use).
   */
  distribution: definePage('/declarationDistribution', '申报分配', { export: '导出' }),
  /** 项目推荐 › 推荐报告: each unit's recommendation report of a project. */
  recommendReport: definePage('/recommendReport', '推荐报告', { export: '导出' }),
} as const;

/**
 * 运营管理 (spec 001 §2.17/2.18, the 'operations' menu group): the operators' libraries and
 * defaults that the project wizard, the allocation and the lists use (modules/projects README,
 * "Operations"). Every page keeps to the standard function points, so tenants made before these
 * screens already hold them.
 */
export const OPERATION_PAGES = {
  /** 模板管理: the tenant's project templates (review_projects with is_template). */
  templates: definePage('/templateManage', '模板管理'),
  /** 项目表单: the declaration forms (forms module, kind `declaration`) and the projects using them. */
  forms: definePage('/projectForm', '项目表单', { add: '新增', edit: '编辑', export: '导出' }),
  /** 项目运营: every project of the tenant, its state and deadline; close, extend, classify. */
  operations: definePage('/projectManagementOperations', '项目运营', { edit: '编辑', export: '导出' }),
  /** 评审设置 (/evaluationSettings is the same screen): defaults of new review stages. */
  reviewSettings: definePage('/reviewSettings', '评审设置', { edit: '编辑' }),
  /** 评分规则: the scoring rules and the grading schemes. */
  gradingRules: definePage('/gradingRule', '评分规则'),
  /** 项目流程: the library of review flows. */
  flows: definePage('/projectFlow', '项目流程'),
  /** 项目要素: projects and declarations by category, level and year (figures, charts). */
  elements: definePage('/projectElements', '项目要素', { export: '导出' }),
  /** 项目要素编辑: the categories, levels and years themselves. */
  elementsEditing: definePage('/projectElementsEditing', '项目要素编辑'),
  /** 运营设置: defaults of a new project's declaration settings. */
  operationalSettings: definePage('/operationalSettings', '运营设置', { edit: '编辑' }),
  /** 专家分类: which expert domains review which project category. */
  classificationExpert: definePage('/classificationExpert', '专家分类'),
  /** 组织类别: named groups of unit types that a project admits as applicants. */
  organizationCategory: definePage('/organizationCategory', '组织类别'),
} as const;
