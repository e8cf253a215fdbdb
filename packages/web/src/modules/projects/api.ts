import { type ApiBody, type ApiData, type ApiQuery, apiCall, routePath } from '../../app/typed-api';

/**
 * An export job's body is the list's query, sent as the list sends it (strings, empty filters
 * left out); the route's schema coerces it.
 */
export const jobBody = <T extends object>(query: T): T =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ) as T;

/** Query keys of the projects module. */
export const projectKeys = {
  all: ['projects'] as const,
  project: (id: number) => [...projectKeys.all, 'project', id] as const,
  open: () => [...projectKeys.all, 'open'] as const,
  mine: (id: number) => [...projectKeys.all, 'mine', id] as const,
  declaration: (id: number) => [...projectKeys.all, 'declaration', id] as const,
  allocation: (id: number, stage: number) => [...projectKeys.all, 'allocation', id, stage] as const,
  groups: (id: number) => [...projectKeys.all, 'groups', id] as const,
  grading: (id: number, query?: object) => [...projectKeys.all, 'grading', id, ...(query ? [query] : [])] as const,
  assignment: (id: number) => [...projectKeys.all, 'assignment', id] as const,
  trial: (id: number) => [...projectKeys.all, 'trial', id] as const,
};

/** A declaration as the operators see it, with every review of it. */
export type TOperatorDetail = ApiData<'get', '/projects/declarations/{id}'>;
/** One review task as its expert sees it (the declaration, the score items, the review so far). */
export type TAssignmentDetail = ApiData<'get', '/projects/review/assignments/{id}'>;
/** A row of 初审列表: what the unit did to a declaration. */
export type THandled = ApiData<'get', '/projects/trial/handled'>['records'][number];

/** The addresses of the lists and exports that the screens' tables call. */
export const projectPaths = {
  list: routePath('get', '/projects'),
  exportJob: routePath('post', '/projects/export-jobs'),
  declarations: (id: number) => routePath('get', '/projects/{id}/declarations', { id }),
  declarationsExportJob: (id: number) => routePath('post', '/projects/{id}/declarations/export-jobs', { id }),
};

/** Every call of the projects module (server modules/projects/routes.ts). */
export const projectsApi = {
  // 项目管理
  list: (query: ApiQuery<'get', '/projects'>) => apiCall.get('/projects', { query }),
  get: (id: number) => apiCall.get('/projects/{id}', { path: { id } }),
  create: (body: ApiBody<'post', '/projects'>) => apiCall.post('/projects', { body }),
  update: (id: number, body: ApiBody<'put', '/projects/{id}'>) => apiCall.put('/projects/{id}', { path: { id }, body }),
  remove: (id: number) => apiCall.delete('/projects/{id}', { path: { id } }),
  publish: (id: number) => apiCall.post('/projects/{id}/publish', { path: { id } }),
  close: (id: number) => apiCall.post('/projects/{id}/close', { path: { id } }),
  saveAsTemplate: (id: number) => apiCall.post('/projects/{id}/template', { path: { id } }),
  // 申报列表 (operators)
  declarations: (id: number, query: ApiQuery<'get', '/projects/{id}/declarations'>) =>
    apiCall.get('/projects/{id}/declarations', { path: { id }, query }),
  declarationsExportJob: (id: number, query: ApiBody<'post', '/projects/{id}/declarations/export-jobs'>) =>
    apiCall.post('/projects/{id}/declarations/export-jobs', { path: { id }, body: jobBody(query) }),
  declaration: (id: number) => apiCall.get('/projects/declarations/{id}', { path: { id } }),
  act: (id: number, body: ApiBody<'post', '/projects/declarations/{id}/act'>) =>
    apiCall.post('/projects/declarations/{id}/act', { path: { id }, body }),
  advance: (id: number, stage: number) =>
    apiCall.post('/projects/{id}/stages/{stage}/advance', { path: { id, stage } }),
  grading: (id: number, query: ApiQuery<'get', '/projects/{id}/grading'>) =>
    apiCall.get('/projects/{id}/grading', { path: { id }, query }),
  publishResults: (id: number) => apiCall.post('/projects/{id}/grading/publish', { path: { id } }),
  // 评审分配
  allocation: (id: number, stage: number) =>
    apiCall.get('/projects/{id}/stages/{stage}/allocation', { path: { id, stage } }),
  autoAllocate: (id: number, stage: number) =>
    apiCall.post('/projects/{id}/stages/{stage}/allocation/auto', { path: { id, stage } }),
  assign: (id: number, stage: number, declarationId: number, expertUserId: number) =>
    apiCall.post('/projects/{id}/stages/{stage}/allocation', {
      path: { id, stage },
      body: { declarationId, expertUserId },
    }),
  unassign: (assignmentId: number) => apiCall.delete('/projects/assignments/{id}', { path: { id: assignmentId } }),
  reopen: (assignmentId: number) => apiCall.post('/projects/assignments/{id}/reopen', { path: { id: assignmentId } }),
  // 分组分配
  groups: (id: number) => apiCall.get('/projects/{id}/groups', { path: { id } }),
  addGroup: (id: number, body: ApiBody<'post', '/projects/{id}/groups'>) =>
    apiCall.post('/projects/{id}/groups', { path: { id }, body }),
  updateGroup: (groupId: number, body: ApiBody<'put', '/projects/groups/{id}'>) =>
    apiCall.put('/projects/groups/{id}', { path: { id: groupId }, body }),
  deleteGroup: (groupId: number) => apiCall.delete('/projects/groups/{id}', { path: { id: groupId } }),
  setGroup: (id: number, declarationIds: number[], groupId: number | null) =>
    apiCall.put('/projects/{id}/groups/members', { path: { id }, body: { declarationIds, groupId } }),
  // 我的申报 / 历史申报
  open: () => apiCall.get('/projects/open'),
  myDeclarations: (query: ApiQuery<'get', '/projects/my/declarations'>) =>
    apiCall.get('/projects/my/declarations', { query }),
  myHistory: (query: ApiQuery<'get', '/projects/my/history'>) => apiCall.get('/projects/my/history', { query }),
  myDeclaration: (id: number) => apiCall.get('/projects/my/declarations/{id}', { path: { id } }),
  createDeclaration: (id: number, body: ApiBody<'post', '/projects/{id}/declarations'>) =>
    apiCall.post('/projects/{id}/declarations', { path: { id }, body }),
  updateDeclaration: (id: number, body: ApiBody<'put', '/projects/my/declarations/{id}'>) =>
    apiCall.put('/projects/my/declarations/{id}', { path: { id }, body }),
  deleteDeclaration: (id: number) => apiCall.delete('/projects/my/declarations/{id}', { path: { id } }),
  submit: (id: number) => apiCall.post('/projects/my/declarations/{id}/submit', { path: { id } }),
  withdraw: (id: number) => apiCall.post('/projects/my/declarations/{id}/withdraw', { path: { id } }),
  // 项目初审 / 初审列表
  trialDeclarations: (query: ApiQuery<'get', '/projects/trial/declarations'>) =>
    apiCall.get('/projects/trial/declarations', { query }),
  trialDeclaration: (id: number) => apiCall.get('/projects/trial/declarations/{id}', { path: { id } }),
  trialAct: (id: number, body: ApiBody<'post', '/projects/trial/declarations/{id}/act'>) =>
    apiCall.post('/projects/trial/declarations/{id}/act', { path: { id }, body }),
  trialHandled: (query: ApiQuery<'get', '/projects/trial/handled'>) =>
    apiCall.get('/projects/trial/handled', { query }),
  // 项目评审 / 评审列表
  assignments: (query: ApiQuery<'get', '/projects/review/assignments'>) =>
    apiCall.get('/projects/review/assignments', { query }),
  reviewHistory: (query: ApiQuery<'get', '/projects/review/history'>) =>
    apiCall.get('/projects/review/history', { query }),
  assignment: (id: number) => apiCall.get('/projects/review/assignments/{id}', { path: { id } }),
  submitReview: (id: number, body: ApiBody<'post', '/projects/review/assignments/{id}'>) =>
    apiCall.post('/projects/review/assignments/{id}', { path: { id }, body }),
};

/** The expert library's domains (申报领域): each with its parent. */
export const domainsApi = { list: () => apiCall.get('/experts/domains/options') };
/** Units an applicant may choose as the recommending unit. */
export const unitsApi = { list: () => apiCall.get('/projects/units') };

/** The declaration form as the project froze it: render declarations with this, never the latest design. */
export const projectFormApi = {
  get: (id: number) => apiCall.get('/projects/{id}/form-schema', { path: { id } }),
};

/** The lists of 项目统计, each with an export job of the same query. */
export type TSheet = 'scores' | 'approvals' | 'units' | 'experts' | 'declarations';

/** 项目统计 and its lists (server modules/projects/stats.ts). */
export const statsApi = {
  figures: (id: number) => apiCall.get('/projects/{id}/statistics', { path: { id } }),
  scores: (query: ApiQuery<'get', '/projects/sheets/scores'>) => apiCall.get('/projects/sheets/scores', { query }),
  approvals: (query: ApiQuery<'get', '/projects/sheets/approvals'>) =>
    apiCall.get('/projects/sheets/approvals', { query }),
  units: (query: ApiQuery<'get', '/projects/sheets/units'>) => apiCall.get('/projects/sheets/units', { query }),
  experts: (query: ApiQuery<'get', '/projects/sheets/experts'>) => apiCall.get('/projects/sheets/experts', { query }),
  declarations: (query: ApiQuery<'get', '/projects/sheets/declarations'>) =>
    apiCall.get('/projects/sheets/declarations', { query }),
  /** The body is the list's query. */
  exportJob: (sheet: TSheet, query: ApiBody<'post', `/projects/sheets/${TSheet}/export-jobs`>) =>
    apiCall.post(`/projects/sheets/${sheet}/export-jobs`, { body: jobBody(query) }),
};
