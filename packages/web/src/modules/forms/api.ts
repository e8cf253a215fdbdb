import type { TFormSchema } from '@shetuan/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/request';
import { type ApiBody, type ApiQuery, apiCall, routePath } from '../../app/typed-api';

export const formKeys = {
  all: ['forms'] as const,
  list: () => [...formKeys.all, 'list'] as const,
  detail: (key: string) => [...formKeys.all, 'detail', key] as const,
  templates: (keyword: string, current: number) => [...formKeys.all, 'templates', keyword, current] as const,
  template: (key: string) => [...formKeys.all, 'template', key] as const,
  stats: (key: string) => [...formKeys.all, 'stats', key] as const,
  kinds: () => [...formKeys.all, 'kinds'] as const,
  publicForm: (key: string) => [...formKeys.all, 'public', key] as const,
  publicResult: (key: string) => [...formKeys.all, 'public-result', key] as const,
  dictionaries: () => [...formKeys.all, 'dictionaries'] as const,
  dictionary: (code: string) => [...formKeys.all, 'dictionary', code] as const,
};

/** The addresses of the lists, exports and uploads that other components call. */
export const formPaths = {
  list: routePath('get', '/project/forms'),
  listExport: routePath('get', '/project/forms/export'),
  recycle: routePath('get', '/project/recycle'),
  recycleExport: routePath('get', '/project/recycle/export'),
  answers: (key: string) => routePath('get', '/project/forms/{key}/answers', { key }),
  answersExportJob: (key: string) => routePath('post', '/project/forms/{key}/answers/export-jobs', { key }),
  upload: (key: string) => routePath('post', '/project/public/forms/{key}/files', { key }),
};

export const formApi = {
  create: (body: ApiBody<'post', '/project/forms'>) => apiCall.post('/project/forms', { body }),
  detail: (key: string) => apiCall.get('/project/forms/{key}', { path: { key } }),
  kinds: () => apiCall.get('/project/form-kinds'),
  /** 导入: the server reads an old form (nothing saved); failures are shown in the dialog. */
  importForm: (key: string, text: string) =>
    apiCall.post('/project/forms/{key}/import', { path: { key }, body: { text } }, { silent: true }),
  /** The route's body schema migrates version 1, so the document types it loosely: TFormSchema types it here. */
  saveSchema: (key: string, schema: TFormSchema) =>
    apiCall.put('/project/forms/{key}/schema', { path: { key }, body: { schema } }),
  saveSettings: (key: string, settings: ApiBody<'put', '/project/forms/{key}/settings'>['settings']) =>
    apiCall.put('/project/forms/{key}/settings', { path: { key }, body: { settings } }),
  saveTheme: (key: string, theme: ApiBody<'put', '/project/forms/{key}/theme'>['theme']) =>
    apiCall.put('/project/forms/{key}/theme', { path: { key }, body: { theme } }),
  saveInfo: (key: string, body: ApiBody<'put', '/project/forms/{key}/info'>) =>
    apiCall.put('/project/forms/{key}/info', { path: { key }, body }),
  deleteField: (key: string, expert: boolean, body: ApiBody<'post', '/project/forms/{key}/fields/delete'>) =>
    expert
      ? apiCall.post('/project/forms/{key}/expert-fields/delete', { path: { key }, body })
      : apiCall.post('/project/forms/{key}/fields/delete', { path: { key }, body }),
  publish: (key: string) => apiCall.post('/project/forms/{key}/publish', { path: { key } }),
  stop: (key: string) => apiCall.post('/project/forms/{key}/stop', { path: { key } }),
  copy: (key: string) => apiCall.post('/project/forms/{key}/copy', { path: { key } }),
  remove: (key: string) => apiCall.delete('/project/forms/{key}', { path: { key } }),
  restore: (key: string) => apiCall.post('/project/recycle/{key}/restore', { path: { key } }),
  purge: (key: string) => apiCall.delete('/project/recycle/{key}', { path: { key } }),
  setTemplate: (key: string, isTemplate: boolean) =>
    apiCall.put('/project/forms/{key}/template', { path: { key }, body: { isTemplate } }),
  templates: (keyword: string, current: number, pageSize: number) =>
    apiCall.get('/project/templates', { query: { keyword: keyword || undefined, current, pageSize } }),
  exportTemplates: (keyword: string) =>
    api.download(routePath('get', '/project/templates/export'), { keyword: keyword || undefined }, '表单模板.xlsx'),
  template: (key: string) => apiCall.get('/project/templates/{key}', { path: { key } }),
  answers: (key: string, query: ApiQuery<'get', '/project/forms/{key}/answers'>) =>
    apiCall.get('/project/forms/{key}/answers', { path: { key }, query }),
  deleteAnswer: (key: string, id: number) => apiCall.delete('/project/forms/{key}/answers/{id}', { path: { key, id } }),
  stats: (key: string) => apiCall.get('/project/forms/{key}/statistics', { path: { key } }),

  publicForm: (key: string) => apiCall.get('/project/public/forms/{key}', { path: { key } }, { silent: true }),
  submit: (key: string, body: ApiBody<'post', '/project/public/forms/{key}/answers'>) =>
    apiCall.post('/project/public/forms/{key}/answers', { path: { key }, body }, { silent: true }),
  draft: (key: string, deviceId: string) =>
    apiCall.get('/project/public/forms/{key}/draft', { path: { key }, query: { deviceId } }, { silent: true }),
  saveDraft: (key: string, deviceId: string, values: Record<string, unknown>) =>
    apiCall.put('/project/public/forms/{key}/draft', { path: { key }, body: { values, deviceId } }, { silent: true }),
  /** Public, before any login: never cancelled by navigation, failures silent. */
  publicResult: (key: string) =>
    apiCall.get('/project/public/forms/{key}/result', { path: { key } }, { silent: true, persistent: true }),

  /** The dictionaries a question may take its options from (any identity may read them). */
  dictionaries: () => apiCall.get('/dictionaries/names'),
  /** A dictionary's enabled items, in order, as the tenant has them now. */
  dictionaryOptions: (code: string) => apiCall.get('/dictionaries/{code}/options', { path: { code } }),
};

/** The fill page's device id: random, kept in this browser (per-device limits and visitor drafts). */
export function deviceId(): string {
  const k = 'formDeviceId';
  let id = localStorage.getItem(k);
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(k, id);
  }
  return id;
}

/** A published form as the public pages see it (fill, view, result). */
export function usePublicForm(key: string) {
  return useQuery({
    queryKey: formKeys.publicForm(key),
    queryFn: () => formApi.publicForm(key),
    enabled: Boolean(key),
    retry: false,
  });
}
