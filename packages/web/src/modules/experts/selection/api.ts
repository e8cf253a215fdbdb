import type { TPage } from '@shetuan/shared';
import type {
  TDraw,
  TDrawDetail,
  TDrawVerification,
  TExpertOptions,
  TExpertProfile,
  TInvitation,
  TMyExpert,
  ZDrawCreate,
  ZInvitationAnswer,
} from '@shetuan/shared/experts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../app/request';

type Query = Record<string, string | number | undefined>;
const q = (query: Query) =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** What the new-draw form sends (the schema's input: defaults may be left out). */
export type TDrawCreateBody = z.input<typeof ZDrawCreate>;
export type TAnswerBody = z.input<typeof ZInvitationAnswer>;
export type TOption = TExpertOptions['list'][number];

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

/** The draws (server modules/experts/routes.ts, 专家遴选). */
export const drawsApi = {
  list: (query: Query) => api.get<TPage<TDraw>>('/experts/draws', q(query)),
  create: (body: TDrawCreateBody) => api.post<{ id: number }>('/experts/draws', body),
  exportJob: (query: Query) => api.post<{ key: string }>('/experts/draws/export-jobs', q(query)),
  /** 回避专家: experts of the library by name, mobile or unit (20 at most). */
  expertOptions: (keyword: string) =>
    api.get<TExpertOptions>('/experts/draws/expert-options', q({ keyword: keyword.trim() || undefined })),
  get: (id: number) => api.get<TDrawDetail>(`/experts/draws/${id}`),
  /** 复核: the draw recomputed from its seed and recorded candidates. */
  verify: (id: number) => api.get<TDrawVerification>(`/experts/draws/${id}/verify`),
  /** 代为确认 / 代为拒绝: a decline invites the slot's next substitute. */
  answer: (id: number, pickId: number, body: TAnswerBody) =>
    api.post<null>(`/experts/draws/${id}/picks/${pickId}/answer`, body),
  /** 导出记录: the draw's log as Excel (a background job). */
  logExportJob: (id: number) => api.post<{ key: string }>(`/experts/draws/${id}/export-jobs`),
};

export type OptionKind = 'domains' | 'labels' | 'units';
const OPTION_PATHS: Record<OptionKind, string> = {
  domains: '/experts/domains/options',
  labels: '/experts/labels/options',
  units: '/experts/unit-options',
};

/** 专业领域 (full paths with parentId), 标签 and 单位: any identity of the tenant may read them. */
export function useExpertOptions(kind: OptionKind) {
  return useQuery({
    queryKey: selectionKeys.options(kind),
    queryFn: () => api.get<TExpertOptions>(OPTION_PATHS[kind]),
    staleTime: 60_000,
  });
}

/** 我的专家信息: the caller's own profile, the application and changes sent for approval. */
export const myExpertApi = {
  get: () => api.get<TMyExpert>('/experts/mine'),
  save: (body: TExpertProfile) => api.request<null>('/experts/mine', 'PUT', body),
  withdrawChange: () => api.request<null>('/experts/mine/change', 'DELETE'),
};

/** The invitation link (no login; the tenant is the domain's). */
export const invitationApi = {
  get: (token: string) => api.get<TInvitation>('/public/expert-invitations', { token }, { silent: true }),
  answer: (body: TAnswerBody & { token: string }) => api.post<null>('/public/expert-invitations', body),
};
