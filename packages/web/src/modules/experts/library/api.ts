import { EXPERTS } from '@shetuan/shared/experts';
import { type ApiBody, type ApiQuery, apiCall, type PathOf } from '../../../app/typed-api';
import { OPTIONS_KEY, resourceApi } from '../../../platform/resource';

/** The choice lists' paths (server modules/experts/routes.ts): `{ list: { id, name, parentId? }[] }`. */
export const OPTION_PATHS = {
  domains: '/experts/domains/options',
  labels: '/experts/labels/options',
  units: '/experts/unit-options',
} as const satisfies Record<string, PathOf<'get'>>;
export type OptionList = keyof typeof OPTION_PATHS;

/** Query keys of the expert library's screens. */
export const expertKeys = {
  all: ['experts'] as const,
  expert: (id: number) => [...expertKeys.all, 'expert', id] as const,
  record: (id: number) => [...expertKeys.all, 'record', id] as const,
  audit: (id: number) => [...expertKeys.all, 'audit', id] as const,
  statistics: () => [...expertKeys.all, 'statistics'] as const,
  /**
   * Under the resource kit's options key: the kit reads them again after any change (a new domain
   * or label shows in the pickers at once).
   */
  options: (list: OptionList) => [...OPTIONS_KEY, OPTION_PATHS[list]] as const,
};

/** The library's list, detail and form calls (the resource kit's, from the contract). */
export const expertResource = resourceApi(EXPERTS);

/** The expert library's calls beyond the resource kit (server modules/experts/routes.ts). */
export const expertsApi = {
  options: (list: OptionList) => apiCall.get(OPTION_PATHS[list]),
  /** 启用 (1) or 停用 (3) an expert of the library. */
  setStatus: (id: number, status: 1 | 3) =>
    apiCall.put('/experts/library/{id}/status', { path: { id }, body: { status } }),
  audits: (query: ApiQuery<'get', '/experts/audits'>) => apiCall.get('/experts/audits', { query }),
  /**
   * What 审核 shows: the expert as the library has it, for a change the profile asked for, and the
   * item as the list shows it (null when nothing waits).
   */
  auditDetail: (expertId: number) => apiCall.get('/experts/audits/{id}', { path: { id: expertId } }),
  audit: (expertId: number, body: ApiBody<'post', '/experts/audits/{id}'>) =>
    apiCall.post('/experts/audits/{id}', { path: { id: expertId }, body }),
  /** 导出 of what the list shows (its tab and keyword): a background job, polled by key. */
  auditsExportJob: (body: ApiBody<'post', '/experts/audits/export-jobs'>) =>
    apiCall.post('/experts/audits/export-jobs', { body }),
  statistics: () => apiCall.get('/experts/statistics'),
  /** The expert's draws, calls and history (专家档案). */
  record: (id: number) => apiCall.get('/experts/library/{id}/record', { path: { id } }),
  /** 人才库: experts put into a pool (its label), or one taken out. */
  addPoolMembers: (labelId: number, body: ApiBody<'post', '/experts/labels/{id}/members'>) =>
    apiCall.post('/experts/labels/{id}/members', { path: { id: labelId }, body }),
  removePoolMember: (labelId: number, expertId: number) =>
    apiCall.delete('/experts/labels/{id}/members/{expertId}', { path: { id: labelId, expertId } }),
};
