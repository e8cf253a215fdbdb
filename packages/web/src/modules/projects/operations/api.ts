import type { ElementType } from '@shetuan/shared/projects';
import { type ApiBody, type ApiData, type ApiQuery, apiCall, routePath } from '../../../app/typed-api';

/** Query keys of 运营管理 (under the projects module's, so its invalidations reach them). */
export const opsKeys = {
  all: ['projects', 'operations'] as const,
  library: () => [...opsKeys.all, 'library'] as const,
  reviewSettings: () => [...opsKeys.all, 'review-settings'] as const,
  declarationSettings: () => [...opsKeys.all, 'declaration-settings'] as const,
  elementOptions: () => [...opsKeys.all, 'element-options'] as const,
  figures: (type: ElementType) => [...opsKeys.all, 'figures', type] as const,
  projectElements: (id: number) => [...opsKeys.all, 'project-elements', id] as const,
  formTargets: () => [...opsKeys.all, 'form-targets'] as const,
  domains: () => [...opsKeys.all, 'domains'] as const,
};

/** A project element (类别, 级别, 年份 …) that 项目运营 filters and classifies by. */
export type ElementOption = ApiData<'get', '/projects/operations/element-options'>['list'][number];

/** The addresses of 运营管理's lists and exports that the screens' tables call. */
export const opsPaths = {
  projects: routePath('get', '/projects/operations/projects'),
  projectsExportJob: routePath('post', '/projects/operations/projects/export-jobs'),
  elementStats: routePath('get', '/projects/operations/element-stats'),
  elementStatsExportJob: routePath('post', '/projects/operations/element-stats/export-jobs'),
  forms: routePath('get', '/projects/operations/forms'),
  formsExportJob: routePath('post', '/projects/operations/forms/export-jobs'),
};

/** The calls of 运营管理 beyond the kit's resources (server modules/projects/operations/routes.ts). */
export const opsApi = {
  /** What the wizard offers and pre-fills; silent: a screen without 项目管理 simply has no library. */
  library: () => apiCall.get('/projects/library', {}, { silent: true }),
  projectElements: (id: number) => apiCall.get('/projects/{id}/elements', { path: { id } }),
  saveProjectElements: (id: number, body: ApiBody<'put', '/projects/{id}/elements'>) =>
    apiCall.put('/projects/{id}/elements', { path: { id }, body }),
  reviewSettings: () => apiCall.get('/projects/operations/review-settings'),
  saveReviewSettings: (body: ApiBody<'put', '/projects/operations/review-settings'>) =>
    apiCall.put('/projects/operations/review-settings', { body }),
  declarationSettings: () => apiCall.get('/projects/operations/declaration-settings'),
  saveDeclarationSettings: (body: ApiBody<'put', '/projects/operations/declaration-settings'>) =>
    apiCall.put('/projects/operations/declaration-settings', { body }),
  // 项目运营
  projects: (query: ApiQuery<'get', '/projects/operations/projects'>) =>
    apiCall.get('/projects/operations/projects', { query }),
  elementOptions: () => apiCall.get('/projects/operations/element-options'),
  close: (id: number) => apiCall.post('/projects/operations/projects/{id}/close', { path: { id } }),
  deadline: (id: number, closeAt: string) =>
    apiCall.post('/projects/operations/projects/{id}/deadline', { path: { id }, body: { closeAt } }),
  setElements: (id: number, body: ApiBody<'put', '/projects/operations/projects/{id}/elements'>) =>
    apiCall.put('/projects/operations/projects/{id}/elements', { path: { id }, body }),
  // 项目要素
  figures: (type: ElementType) => apiCall.get('/projects/operations/element-stats/figures', { query: { type } }),
  // 项目表单
  forms: (query: ApiQuery<'get', '/projects/operations/forms'>) => apiCall.get('/projects/operations/forms', { query }),
  newForm: (name: string) => apiCall.post('/projects/operations/forms', { body: { name } }),
  copyForm: (key: string) => apiCall.post('/projects/operations/forms/{key}/copy', { path: { key } }),
  formTargets: () => apiCall.get('/projects/operations/form-targets'),
  applyForm: (key: string, projectId: number) =>
    apiCall.post('/projects/operations/forms/{key}/apply', { path: { key }, body: { projectId } }),
};

/** The expert library's domains (any identity may read them): the 专家分类 tree. */
export const domainOptionsApi = { list: () => apiCall.get('/experts/domains/options') };
