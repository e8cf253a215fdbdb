import {
  CATEGORY_DOMAINS,
  ELEMENT_TYPE_NAMES,
  FLOW_LIBRARY,
  GRADING_SCHEMES,
  ORG_CATEGORIES,
  PROJECT_ELEMENTS,
  PROJECT_TEMPLATES,
  SCORE_RULES,
  type TElementStatsRow,
  type TOpsProject,
  type TProjectFormRow,
  ZElementStatsQuery,
  ZOpsProjectQuery,
  ZProjectFormQuery,
} from '@shetuan/shared/projects';
import type { ExcelColumn } from '../../../platform/http/excel';
import { exportPagesToFile } from '../../../platform/jobs/export';
import type { JobHandler } from '../../../platform/jobs/registry';
import { resourceExportJob } from '../../../platform/resource';
import { listForms } from './forms';
import { elementStatsPage, operationsList, templateService } from './projects';
import {
  categoryDomainService,
  elementService,
  flowLibraryService,
  gradingSchemeService,
  orgCategoryService,
  scoreRuleService,
} from './service';

export const OPS_PROJECTS_EXPORT_JOB = 'projects.operations-export';
export const OPS_FORMS_EXPORT_JOB = 'projects.forms-export';
export const OPS_ELEMENTS_EXPORT_JOB = 'projects.elements-export';

const time = (iso: string | null) => (iso ? new Date(iso) : null);

const OPS_COLUMNS: ExcelColumn<TOpsProject>[] = [
  { header: '项目名称', width: 36, value: (r) => r.name },
  { header: '申报阶段', width: 12, value: (r) => r.phaseName },
  { header: '创建人', width: 12, value: (r) => r.creatorName },
  { header: '项目类别', width: 14, value: (r) => r.categoryName },
  { header: '项目级别', width: 12, value: (r) => r.levelName },
  { header: '年度', width: 12, value: (r) => r.yearName },
  { header: '申报开始', width: 20, value: (r) => time(r.openAt) },
  { header: '申报截止', width: 20, value: (r) => time(r.closeAt) },
  { header: '评审流程', width: 40, value: (r) => r.flowText },
  { header: '草稿', width: 8, value: (r) => r.drafts },
  { header: '已提交', width: 8, value: (r) => r.submitted },
  {
    header: '各环节待处理',
    width: 48,
    value: (r) =>
      r.stages
        .filter((s) => s.waiting > 0)
        .map((s) => `${s.name} ${s.waiting}`)
        .join('；'),
  },
  { header: '退回修改', width: 10, value: (r) => r.returned },
  { header: '未通过', width: 8, value: (r) => r.rejected },
  { header: '已立项', width: 8, value: (r) => r.approved },
  { header: '未立项', width: 8, value: (r) => r.notApproved },
];

const FORM_COLUMNS: ExcelColumn<TProjectFormRow>[] = [
  { header: '表单名称', width: 36, value: (r) => r.name },
  { header: '已发布版本', width: 12, value: (r) => (r.publishedVersion > 0 ? `第${r.publishedVersion}版` : '未发布') },
  { header: '题目数', width: 8, value: (r) => r.questionCount },
  { header: '维护人', width: 12, value: (r) => r.ownerName },
  {
    header: '使用的项目',
    width: 48,
    value: (r) => r.projects.map((p) => (p.isTemplate ? `${p.name}（模板）` : p.name)).join('、'),
  },
  { header: '更新时间', width: 20, value: (r) => time(r.updatedAt) },
];

const ELEMENT_COLUMNS: ExcelColumn<TElementStatsRow>[] = [
  { header: '要素', width: 24, value: (r) => (r.enabled ? r.name : `${r.name}（已停用）`) },
  { header: '项目数', width: 10, value: (r) => r.projects },
  { header: '提交申报', width: 10, value: (r) => r.submitted },
  { header: '立项', width: 10, value: (r) => r.approved },
  { header: '立项率（%）', width: 12, value: (r) => r.approvalRate },
];

export const operationsExportJobs: Record<string, JobHandler> = {
  [OPS_PROJECTS_EXPORT_JOB]: (ctx) => {
    const query = ZOpsProjectQuery.parse(ctx.payload.query ?? {});
    return exportPagesToFile(ctx, {
      fileName: '项目运营.xlsx',
      sheet: '项目',
      columns: OPS_COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) => operationsList(tx, ctx.tenantId, { ...query, current, pageSize })),
      doneText: (rows) => `项目运营列表（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
  [OPS_FORMS_EXPORT_JOB]: (ctx) => {
    const query = ZProjectFormQuery.parse(ctx.payload.query ?? {});
    const userId = ctx.userId ?? 0;
    return exportPagesToFile(ctx, {
      fileName: '项目表单.xlsx',
      sheet: '申报表单',
      columns: FORM_COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) =>
          listForms(tx, { tenantId: ctx.tenantId, userId }, { ...query, current, pageSize }),
        ),
      doneText: (rows) => `项目表单（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
  [OPS_ELEMENTS_EXPORT_JOB]: (ctx) => {
    const query = ZElementStatsQuery.parse(ctx.payload.query ?? {});
    const name = `项目要素统计（${ELEMENT_TYPE_NAMES[query.type]}）`;
    return exportPagesToFile(ctx, {
      fileName: `${name}.xlsx`,
      sheet: ELEMENT_TYPE_NAMES[query.type],
      columns: ELEMENT_COLUMNS,
      page: (current, pageSize) =>
        ctx.db.withTenant(ctx.tenantId, (tx) => elementStatsPage(tx, ctx.tenantId, { ...query, current, pageSize })),
      doneText: (rows) => `${name}（${rows} 条）已导出，请在导出窗口下载。`,
    });
  },
  ...resourceExportJob(FLOW_LIBRARY, flowLibraryService),
  ...resourceExportJob(SCORE_RULES, scoreRuleService),
  ...resourceExportJob(GRADING_SCHEMES, gradingSchemeService),
  ...resourceExportJob(PROJECT_ELEMENTS, elementService),
  ...resourceExportJob(ORG_CATEGORIES, orgCategoryService),
  ...resourceExportJob(CATEGORY_DOMAINS, categoryDomainService),
  ...resourceExportJob(PROJECT_TEMPLATES, templateService),
};
