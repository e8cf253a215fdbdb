import { useQuery } from '@tanstack/react-query';
import { type ApiBody, type ApiData, apiCall, type PathOf, routePath } from '../../../app/typed-api';

/** What the new-draw form sends (the route's body: defaults may be left out). */
export type TDrawCreateBody = ApiBody<'post', '/experts/draws'>;
export type TAnswerBody = ApiBody<'post', '/experts/draws/{id}/picks/{pickId}/answer'>;
export type TOption = ApiData<'get', '/experts/domains/options'>['list'][number];

/** Query keys of 专家遴选, 我的专家信息 and the invitation link. */
export const selectionKeys = {
  all: ['experts', 'selection'] as const,
  draw: (id: number) => [...selectionKeys.all, 'draw', id] as const,
  verify: (id: number) => [...selectionKeys.all, 'verify', id] as const,
  expertOptions: (keyword: string) => [...selectionKeys.all, 'expert-options', keyword] as const,
  mine: () => [...selectionKeys.all, 'mine'] as const,
  invitation: (token: string) => [...selectionKeys.all, 'invitation', token] as const,
  options: (kind: OptionKind) => ['experts', 'options', kind] as const,
};

/** The draws (server modules/experts/routes.ts, 专家遴选); the list and its export go through the list kit (`drawPaths`). */
export const drawsApi = {
  create: (body: TDrawCreateBody) => apiCall.post('/experts/draws', { body }),
  /** 回避专家: experts of the library by name, mobile or unit (20 at most). */
  expertOptions: (keyword: string) =>
    apiCall.get('/experts/draws/expert-options', { query: { keyword: keyword.trim() || undefined } }),
  get: (id: number) => apiCall.get('/experts/draws/{id}', { path: { id } }),
  /** 复核: the draw recomputed from its seed and recorded candidates. */
  verify: (id: number) => apiCall.get('/experts/draws/{id}/verify', { path: { id } }),
  /** 代为确认 / 代为拒绝: a decline invites the slot's next substitute. */
  answer: (id: number, pickId: number, body: TAnswerBody) =>
    apiCall.post('/experts/draws/{id}/picks/{pickId}/answer', { path: { id, pickId }, body }),
  /** 导出记录: the draw's log as Excel (a background job). */
  logExportJob: (id: number) => apiCall.post('/experts/draws/{id}/export-jobs', { path: { id } }),
};

/** The list and export addresses the list page hands the list kit. */
export const drawPaths = {
  list: routePath('get', '/experts/draws'),
  exportJob: routePath('post', '/experts/draws/export-jobs'),
};

export type OptionKind = 'domains' | 'labels' | 'units';
const OPTION_PATHS = {
  domains: '/experts/domains/options',
  labels: '/experts/labels/options',
  units: '/experts/unit-options',
} as const satisfies Record<OptionKind, PathOf<'get'>>;

/** 专业领域 (full paths with parentId), 标签 and 单位: any identity of the tenant may read them. */
export function useExpertOptions(kind: OptionKind) {
  return useQuery({
    queryKey: selectionKeys.options(kind),
    queryFn: () => apiCall.get(OPTION_PATHS[kind]),
    staleTime: 60_000,
  });
}

/** 我的专家信息: the caller's own profile, the application and changes sent for approval. */
export const myExpertApi = {
  get: () => apiCall.get('/experts/mine'),
  save: (body: ApiBody<'put', '/experts/mine'>) => apiCall.put('/experts/mine', { body }),
  withdrawChange: () => apiCall.delete('/experts/mine/change'),
};

/** The invitation link (no login; the tenant is the domain's). */
export const invitationApi = {
  get: (token: string) => apiCall.get('/public/expert-invitations', { query: { token } }, { silent: true }),
  answer: (body: ApiBody<'post', '/public/expert-invitations'>) => apiCall.post('/public/expert-invitations', { body }),
};
