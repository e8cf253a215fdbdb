import { api } from '../../app/request';
import { type ApiBody, type ApiQuery, apiCall, routePath } from '../../app/typed-api';
import { jobBody } from './api';

/** The calls of the remaining screens (server modules/projects/screen-routes.ts). */
export const screensApi = {
  // 公开申报 (no login)
  publicProjects: (query: ApiQuery<'get', '/public/projects'>) => apiCall.get('/public/projects', { query }),
  publicProject: (id: number) => apiCall.get('/public/projects/{id}', { path: { id } }),
  // 申报分配
  roundDeclarations: (
    id: number,
    stage: number,
    query: ApiQuery<'get', '/projects/{id}/stages/{stage}/distribution'>,
  ) => apiCall.get('/projects/{id}/stages/{stage}/distribution', { path: { id, stage }, query }),
  roundDeclarationsExportJob: (
    id: number,
    stage: number,
    query: ApiBody<'post', '/projects/{id}/stages/{stage}/distribution/export-jobs'>,
  ) =>
    apiCall.post('/projects/{id}/stages/{stage}/distribution/export-jobs', {
      path: { id, stage },
      body: jobBody(query),
    }),
  distribution: (declarationId: number, stage?: number) =>
    apiCall.get('/projects/declarations/{id}/distribution', { path: { id: declarationId }, query: { stage } }),
  addExpert: (declarationId: number, stage: number, expertUserId: number) =>
    apiCall.post('/projects/declarations/{id}/distribution', {
      path: { id: declarationId },
      body: { stage, expertUserId },
    }),
  removeExpert: (declarationId: number, assignmentId: number) =>
    apiCall.delete('/projects/declarations/{id}/distribution/{assignmentId}', {
      path: { id: declarationId, assignmentId },
    }),
  // 初审单位详情 (operators) and the unit's own
  unitSummary: (id: number, unitId: number) =>
    apiCall.get('/projects/{id}/units/{unitId}/summary', { path: { id, unitId } }),
  ownSummary: (projectId: number) => apiCall.get('/projects/trial/unit-summary', { query: { projectId } }),
  ownProjects: () => apiCall.get('/projects/trial/projects'),
  // 推荐报告
  ownReport: (projectId: number) => apiCall.get('/projects/trial/report', { query: { projectId } }),
  unitReport: (id: number, unitId: number) =>
    apiCall.get('/projects/{id}/units/{unitId}/report', { path: { id, unitId } }),
  downloadReport: (id: number, unitId: number | undefined, fileName: string) =>
    unitId
      ? api.download(routePath('get', '/projects/{id}/units/{unitId}/report/file', { id, unitId }), {}, fileName)
      : api.download(routePath('get', '/projects/trial/report/file'), { projectId: id }, fileName),
  reportUnits: (query: ApiQuery<'get', '/projects/sheets/reports'>) =>
    apiCall.get('/projects/sheets/reports', { query }),
  reportUnitsExportJob: (query: ApiBody<'post', '/projects/sheets/reports/export-jobs'>) =>
    apiCall.post('/projects/sheets/reports/export-jobs', { body: jobBody(query) }),
  // 项目评审报告
  projectReport: (id: number) => apiCall.get('/projects/{id}/report', { path: { id } }),
  // 评审人
  myReviews: (query: ApiQuery<'get', '/projects/review/all'>) => apiCall.get('/projects/review/all', { query }),
  myReviewsExportJob: (query: ApiBody<'post', '/projects/review/all/export-jobs'>) =>
    apiCall.post('/projects/review/all/export-jobs', { body: jobBody(query) }),
  myRounds: (query: ApiQuery<'get', '/projects/review/rounds'>) => apiCall.get('/projects/review/rounds', { query }),
  myRoundsExportJob: (query: ApiBody<'post', '/projects/review/rounds/export-jobs'>) =>
    apiCall.post('/projects/review/rounds/export-jobs', { body: jobBody(query) }),
};

/** The query of 初审单位详情's declarations: with a unit, the operators' (any unit); without, the unit's own. */
type UnitDeclarationsQuery = ApiQuery<'get', '/projects/trial/unit-declarations'> & { unitId?: number };

/** The unit declarations list of 初审单位详情: the operators' (any unit) or the unit's own. */
export const unitDeclarationsApi = {
  list: ({ unitId, ...query }: UnitDeclarationsQuery) =>
    unitId === undefined
      ? apiCall.get('/projects/trial/unit-declarations', { query })
      : apiCall.get('/projects/sheets/unit-declarations', { query: { ...query, unitId } }),
  exportJob: ({ unitId, ...query }: Omit<UnitDeclarationsQuery, 'current' | 'pageSize'>) =>
    unitId === undefined
      ? apiCall.post('/projects/trial/unit-declarations/export-jobs', { body: jobBody(query) })
      : apiCall.post('/projects/sheets/unit-declarations/export-jobs', { body: jobBody({ ...query, unitId }) }),
};

export type { TUnitDeclarationRow } from '@shetuan/shared/projects';
