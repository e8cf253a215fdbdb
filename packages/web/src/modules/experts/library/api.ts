import type { TPage } from '@shetuan/shared';
import {
  EXPERTS,
  type TExpert,
  type TExpertAuditInput,
  type TExpertAuditItem,
  type TExpertAuditQuery,
  type TExpertOptions,
  type TExpertProfile,
  type TExpertStatistics,
} from '@shetuan/shared/experts';
import { api } from '../../../app/request';
import { OPTIONS_KEY, resourceApi } from '../../../platform/resource';

type Query = Record<string, string | number | undefined>;
const q = (query: Query) =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** The choice lists' paths (server modules/experts/routes.ts): `{ list: { id, name, parentId? }[] }`. */
export const OPTION_PATHS = {
  domains: '/experts/domains/options',
  labels: '/experts/labels/options',
  units: '/experts/unit-options',
} as const;
export type OptionList = keyof typeof OPTION_PATHS;

/** Query keys of the expert library's screens. */
export const expertKeys = {
  all: ['experts'] as const,
  expert: (id: number) => [...expertKeys.all, 'expert', id] as const,
  audit: (id: number) => [...expertKeys.all, 'audit', id] as const,
  statistics: () => [...expertKeys.all, 'statistics'] as const,
  /**
   * Under the resource kit's options key: the kit reads them again after any change (a new domain
   * or label shows in the pickers at once).
   */
  options: (list: OptionList) => [...OPTIONS_KEY, OPTION_PATHS[list]] as const,
};

/** What 审核 shows: the expert as the library has it and, for a change, the profile asked for. */
export interface TAuditDetail {
  expert: TExpert;
  pendingChange: TExpertProfile | null;
}

/** The library's list, detail and form calls (the resource kit's, from the contract). */
export const expertResource = resourceApi(EXPERTS);

/** The expert library's calls beyond the resource kit (server modules/experts/routes.ts). */
export const expertsApi = {
  options: (list: OptionList) => api.get<TExpertOptions>(OPTION_PATHS[list]),
  /** 启用 (1) or 停用 (3) an expert of the library. */
  setStatus: (id: number, status: 1 | 3) => api.request<null>(`/experts/library/${id}/status`, 'PUT', { status }),
  audits: (query: Partial<TExpertAuditQuery>) => api.get<TPage<TExpertAuditItem>>('/experts/audits', q(query)),
  auditDetail: (expertId: number) => api.get<TAuditDetail>(`/experts/audits/${expertId}`),
  audit: (expertId: number, body: TExpertAuditInput) => api.post<null>(`/experts/audits/${expertId}`, body),
  /** 导出 of what the list shows (its tab and keyword): a background job, polled by key. */
  auditsExportJob: (query: Partial<TExpertAuditQuery>) =>
    api.post<{ key: string }>('/experts/audits/export-jobs', q(query)),
  statistics: () => api.get<TExpertStatistics>('/experts/statistics'),
};
