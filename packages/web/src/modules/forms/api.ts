import type { TPage } from '@shetuan/shared';
import type { TDictionaryName, TDictOptions } from '@shetuan/shared/dictionaries';
import type {
  TFormAnswer,
  TFormDetail,
  TFormKind,
  TFormProjectSettings,
  TFormRow,
  TFormSchema,
  TFormStats,
  TFormTheme,
  TPublicForm,
  TTemplateRow,
} from '@shetuan/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { api, apiGet, request } from '../../app/request';

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

const base = (key: string) => `/project/forms/${encodeURIComponent(key)}`;
const pub = (key: string) => `/project/public/forms/${encodeURIComponent(key)}`;

export const formApi = {
  create: (body: { name: string; description?: string; templateKey?: string; kind?: string }) =>
    api.post<TFormRow>('/project/forms', body),
  detail: (key: string) => api.get<TFormDetail>(base(key)),
  kinds: () => api.get<{ list: TFormKind[] }>('/project/form-kinds'),
  saveSchema: (key: string, schema: TFormSchema) =>
    request<TFormDetail>(`${base(key)}/schema`, { method: 'PUT', body: { schema } }),
  saveSettings: (key: string, settings: TFormProjectSettings) =>
    request<TFormDetail>(`${base(key)}/settings`, { method: 'PUT', body: { settings } }),
  saveTheme: (key: string, theme: TFormTheme) =>
    request<TFormDetail>(`${base(key)}/theme`, { method: 'PUT', body: { theme } }),
  saveInfo: (key: string, body: { name: string; description: string }) =>
    request<TFormDetail>(`${base(key)}/info`, { method: 'PUT', body }),
  deleteField: (key: string, expert: boolean, body: { field: string; tenantId?: number; hasCom?: number }) =>
    api.post<TFormDetail>(`${base(key)}/${expert ? 'expert-fields' : 'fields'}/delete`, body),
  publish: (key: string) => api.post<TFormDetail>(`${base(key)}/publish`),
  stop: (key: string) => api.post<TFormRow>(`${base(key)}/stop`),
  copy: (key: string) => api.post<TFormRow>(`${base(key)}/copy`),
  remove: (key: string) => request<null>(base(key), { method: 'DELETE' }),
  restore: (key: string) => api.post<null>(`/project/recycle/${encodeURIComponent(key)}/restore`),
  purge: (key: string) => request<null>(`/project/recycle/${encodeURIComponent(key)}`, { method: 'DELETE' }),
  setTemplate: (key: string, isTemplate: boolean) =>
    request<TFormRow>(`${base(key)}/template`, { method: 'PUT', body: { isTemplate } }),
  templates: (keyword: string, current: number, pageSize: number) =>
    api.get<TPage<TTemplateRow>>('/project/templates', { keyword: keyword || undefined, current, pageSize }),
  exportTemplates: (keyword: string) =>
    api.download('/project/templates/export', { keyword: keyword || undefined }, '表单模板.xlsx'),
  template: (key: string) =>
    api.get<{ name: string; schema: TFormSchema }>(`/project/templates/${encodeURIComponent(key)}`),
  answers: (key: string, query: Record<string, string | number | undefined>) =>
    api.get<TPage<TFormAnswer>>(`${base(key)}/answers`, query),
  deleteAnswer: (key: string, id: number) => request<null>(`${base(key)}/answers/${id}`, { method: 'DELETE' }),
  stats: (key: string) => api.get<TFormStats>(`${base(key)}/statistics`),

  publicForm: (key: string) => request<TPublicForm>(pub(key), { silent: true }),
  submit: (
    key: string,
    body: { version: number; values: Record<string, unknown>; deviceId: string; seconds: number },
  ) =>
    request<{ serial: number; thanksText: string; redirectUrl: string }>(`${pub(key)}/answers`, {
      method: 'POST',
      body,
      silent: true,
    }),
  draft: (key: string, deviceId: string) =>
    request<Record<string, unknown> | null>(`${pub(key)}/draft`, { query: { deviceId }, silent: true }),
  saveDraft: (key: string, deviceId: string, values: Record<string, unknown>) =>
    request<null>(`${pub(key)}/draft`, { method: 'PUT', body: { values, deviceId }, silent: true }),
  publicResult: (key: string) => apiGet<TFormStats>(`${pub(key)}/result`),
  uploadPath: (key: string) => `${pub(key)}/files`,

  /** The dictionaries a question may take its options from (any identity may read them). */
  dictionaries: () => api.get<{ list: TDictionaryName[] }>('/dictionaries/names'),
  /** A dictionary's enabled items, in order, as the tenant has them now. */
  dictionaryOptions: (code: string) => api.get<TDictOptions>(`/dictionaries/${encodeURIComponent(code)}/options`),
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
