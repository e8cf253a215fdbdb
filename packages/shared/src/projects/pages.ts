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
