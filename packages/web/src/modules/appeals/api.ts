import { type ApiBody, apiCall, routePath } from '../../app/typed-api';

/** Query keys of 人工申诉. */
export const appealKeys = {
  all: ['appeals'] as const,
  detail: (id: number) => [...appealKeys.all, 'detail', id] as const,
  accounts: (id: number, keyword: string) => [...appealKeys.all, 'accounts', id, keyword] as const,
};

/** The addresses the list page and the public upload use. */
export const appealPaths = {
  list: routePath('get', '/appeals'),
  exportJob: routePath('post', '/appeals/export-jobs'),
  upload: routePath('post', '/appeals/public/files'),
};

export const appealsApi = {
  /** The public side: the person cannot log in. */
  submit: (body: ApiBody<'post', '/appeals/public'>) => apiCall.post('/appeals/public', { body }),
  lookup: (body: ApiBody<'post', '/appeals/public/lookup'>) =>
    apiCall.post('/appeals/public/lookup', { body }, { silent: true }),
  /** Staff at /appeal. */
  detail: (id: number) => apiCall.get('/appeals/{id}', { path: { id } }),
  accounts: (id: number, keyword: string) =>
    apiCall.get('/appeals/{id}/accounts', { path: { id }, query: { keyword: keyword || undefined } }),
  accept: (id: number, body: ApiBody<'post', '/appeals/{id}/accept'>) =>
    apiCall.post('/appeals/{id}/accept', { path: { id }, body }),
  refuse: (id: number, reason: string) => apiCall.post('/appeals/{id}/refuse', { path: { id }, body: { reason } }),
};
