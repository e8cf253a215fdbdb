import { definePage } from '../platform/pages';

/**
 * The expert library's pages (spec 001 §2.9). The administrators' pages sit in the catalogue's
 * 专家管理 group; 我的专家信息 is the expert's own (评审人 group, which the 专家 role has).
 */
export const EXPERT_PAGES = {
  /** 专家管理: the library — search, add, edit, enable/disable, delete, export. */
  library: definePage('/expertManagement', '专家管理'),
  /** 专家审核: registrations and changes of an expert's own profile waiting for approval. */
  audit: definePage('/audit-list-of-experts', '专家审核', { audit: '审核', export: '导出' }),
  /** 专家领域分类: the domain tree. */
  domains: definePage('/expertDomainClassification', '专家领域分类', { add: '新增', edit: '编辑', delete: '删除' }),
  /** 标签管理: labels put on experts (talent pools, regional lists). */
  labels: definePage('/label-management', '标签管理', { add: '新增', edit: '编辑', delete: '删除' }),
  /** 专家遴选: random draws with a recorded seed, substitutes and confirmations. */
  selection: definePage('/expertSelection', '专家遴选', { add: '新建遴选', respond: '代为确认', export: '导出' }),
  /** 专家统计: figures and charts of the library. */
  statistics: definePage('/expertStatistics', '专家统计', {}),
  /** 我的专家信息: an expert's own profile; applying, and changes sent for approval. */
  mine: definePage('/myexpert-information', '我的专家信息', {}),
  /** 专家征集: calls for experts — applicants, their approval into the library with the call's label. */
  calls: definePage('/expertSolicitation', '专家征集', {
    add: '新增',
    edit: '编辑',
    delete: '删除',
    export: '导出',
    audit: '审核',
  }),
  /** 专家信息配置: the tenant's own questions of the expert form (the forms module's designer). */
  config: definePage('/expert-sys-config', '专家信息配置', { edit: '配置' }),
} as const;
