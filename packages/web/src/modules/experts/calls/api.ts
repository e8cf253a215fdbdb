import { EXPERT_CALLS } from '@shetuan/shared/experts';
import { type ApiBody, type ApiQuery, apiCall } from '../../../app/typed-api';
import { resourceApi } from '../../../platform/resource';

/** Query keys of 专家征集 and 专家信息配置. */
export const callKeys = {
  all: ['experts', 'calls'] as const,
  call: (id: number) => [...callKeys.all, 'call', id] as const,
  formConfig: () => ['experts', 'form-config'] as const,
};

/** The calls' list, detail and form calls (the resource kit's, from the contract). */
export const callResource = resourceApi(EXPERT_CALLS);

/** 专家征集 beyond the kit, and 专家信息配置 (server modules/experts/calls-routes.ts). */
export const callsApi = {
  /** 结束征集 (true) or 重新开放 (false). */
  close: (id: number, closed: boolean) => apiCall.post('/experts/calls/{id}/close', { path: { id }, body: { closed } }),
  applications: (id: number, query: ApiQuery<'get', '/experts/calls/{id}/applications'>) =>
    apiCall.get('/experts/calls/{id}/applications', { path: { id }, query }),
  decide: (
    id: number,
    applicationId: number,
    body: ApiBody<'post', '/experts/calls/{id}/applications/{applicationId}'>,
  ) => apiCall.post('/experts/calls/{id}/applications/{applicationId}', { path: { id, applicationId }, body }),
  applicationsExportJob: (id: number, body: ApiBody<'post', '/experts/calls/{id}/applications/export-jobs'>) =>
    apiCall.post('/experts/calls/{id}/applications/export-jobs', { path: { id }, body }),
  /** An expert of the library joins a call with one click. */
  join: (id: number) => apiCall.post('/experts/calls/{id}/apply', { path: { id } }),
  formConfig: () => apiCall.get('/experts/form-config'),
  createForm: () => apiCall.post('/experts/form-config'),
  takeOverForm: () => apiCall.post('/experts/form-config/take-over'),
  stopForm: () => apiCall.delete('/experts/form-config'),
};
