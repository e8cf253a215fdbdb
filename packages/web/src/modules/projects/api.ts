import type { TPage } from '@shetuan/shared';
import type {
  TActInput,
  TAllocationView,
  TAssignment,
  TDeclaration,
  TDeclarationDetail,
  TDeclarationInput,
  TGradingRow,
  TGroupsView,
  TOpenProject,
  TProject,
  TProjectCreate,
  TProjectInput,
  TReviewGroupInput,
  TReviewInput,
  TScoreItem,
} from '@shetuan/shared/projects';
import { api } from '../../app/request';

type Query = Record<string, string | number | undefined>;
const q = (query: Query) =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** Query keys of the projects module. */
export const projectKeys = {
  all: ['projects'] as const,
  project: (id: number) => [...projectKeys.all, 'project', id] as const,
  open: () => [...projectKeys.all, 'open'] as const,
  mine: (id: number) => [...projectKeys.all, 'mine', id] as const,
  declaration: (id: number) => [...projectKeys.all, 'declaration', id] as const,
  allocation: (id: number, stage: number) => [...projectKeys.all, 'allocation', id, stage] as const,
  groups: (id: number) => [...projectKeys.all, 'groups', id] as const,
  grading: (id: number) => [...projectKeys.all, 'grading', id] as const,
  assignment: (id: number) => [...projectKeys.all, 'assignment', id] as const,
  trial: (id: number) => [...projectKeys.all, 'trial', id] as const,
};

export interface TOperatorDetail extends TDeclarationDetail {
  reviews: {
    id: number;
    stage: number;
    expertName: string;
    status: number;
    scores: Record<string, number> | null;
    total: number | null;
    opinion: string | null;
    comment: string;
    submittedAt: string | null;
  }[];
}

export interface TAssignmentDetail {
  assignment: TAssignment;
  applicantName: string;
  unitName: string;
  blind: boolean;
  formKey: string;
  formVersion: number;
  data: Record<string, unknown>;
  items: TScoreItem[];
  scores: Record<string, number>;
  opinion: 'agree' | 'disagree' | null;
  comment: string;
}

export interface THandled {
  id: number;
  declarationId: number;
  title: string;
  projectName: string;
  action: string;
  remark: string;
  actorName: string;
  at: string;
}

/** Every call of the projects module (server modules/projects/routes.ts). */
export const projectsApi = {
  // 项目管理
  list: (query: Query) => api.get<TPage<TProject>>('/projects', q(query)),
  get: (id: number) => api.get<TProject>(`/projects/${id}`),
  create: (body: TProjectCreate) => api.post<{ id: number }>('/projects', body),
  update: (id: number, body: TProjectInput) => api.request<null>(`/projects/${id}`, 'PUT', body),
  remove: (id: number) => api.request<null>(`/projects/${id}`, 'DELETE'),
  publish: (id: number) => api.post<null>(`/projects/${id}/publish`),
  close: (id: number) => api.post<null>(`/projects/${id}/close`),
  saveAsTemplate: (id: number) => api.post<{ id: number }>(`/projects/${id}/template`),
  exportJob: (query: Query) => api.post<{ key: string }>('/projects/export-jobs', query),
  // 申报列表 (operators)
  declarations: (projectId: number, query: Query) =>
    api.get<TPage<TDeclaration>>(`/projects/${projectId}/declarations`, q(query)),
  declarationsExportJob: (projectId: number, query: Query) =>
    api.post<{ key: string }>(`/projects/${projectId}/declarations/export-jobs`, query),
  declaration: (id: number) => api.get<TOperatorDetail>(`/projects/declarations/${id}`),
  act: (id: number, body: TActInput) => api.post<null>(`/projects/declarations/${id}/act`, body),
  advance: (projectId: number, stage: number) =>
    api.post<{ advanced: number; waiting: number }>(`/projects/${projectId}/stages/${stage}/advance`),
  grading: (projectId: number) => api.get<TGradingRow[]>(`/projects/${projectId}/grading`),
  publishResults: (projectId: number) => api.post<{ decided: number }>(`/projects/${projectId}/grading/publish`),
  // 评审分配
  allocation: (projectId: number, stage: number) =>
    api.get<TAllocationView>(`/projects/${projectId}/stages/${stage}/allocation`),
  autoAllocate: (projectId: number, stage: number) =>
    api.post<{
      assigned: number;
      uncovered: { declarationId: number; title: string; missing: number; reason: string }[];
    }>(`/projects/${projectId}/stages/${stage}/allocation/auto`),
  assign: (projectId: number, stage: number, declarationId: number, expertUserId: number) =>
    api.post<null>(`/projects/${projectId}/stages/${stage}/allocation`, { declarationId, expertUserId }),
  unassign: (assignmentId: number) => api.request<null>(`/projects/assignments/${assignmentId}`, 'DELETE'),
  reopen: (assignmentId: number) => api.post<null>(`/projects/assignments/${assignmentId}/reopen`),
  // 分组分配
  groups: (projectId: number) => api.get<TGroupsView>(`/projects/${projectId}/groups`),
  addGroup: (projectId: number, body: TReviewGroupInput) =>
    api.post<{ id: number }>(`/projects/${projectId}/groups`, body),
  updateGroup: (groupId: number, body: TReviewGroupInput) =>
    api.request<null>(`/projects/groups/${groupId}`, 'PUT', body),
  deleteGroup: (groupId: number) => api.request<null>(`/projects/groups/${groupId}`, 'DELETE'),
  setGroup: (projectId: number, declarationIds: number[], groupId: number | null) =>
    api.request<null>(`/projects/${projectId}/groups/members`, 'PUT', { declarationIds, groupId }),
  // 我的申报 / 历史申报
  open: () => api.get<{ list: TOpenProject[] }>('/projects/open'),
  myDeclarations: (query: Query) => api.get<TPage<TDeclaration>>('/projects/my/declarations', q(query)),
  myHistory: (query: Query) => api.get<TPage<TDeclaration>>('/projects/my/history', q(query)),
  myDeclaration: (id: number) => api.get<TDeclarationDetail>(`/projects/my/declarations/${id}`),
  createDeclaration: (projectId: number, body: TDeclarationInput) =>
    api.post<{ id: number }>(`/projects/${projectId}/declarations`, body),
  updateDeclaration: (id: number, body: TDeclarationInput) =>
    api.request<null>(`/projects/my/declarations/${id}`, 'PUT', body),
  deleteDeclaration: (id: number) => api.request<null>(`/projects/my/declarations/${id}`, 'DELETE'),
  submit: (id: number) => api.post<null>(`/projects/my/declarations/${id}/submit`),
  withdraw: (id: number) => api.post<null>(`/projects/my/declarations/${id}/withdraw`),
  // 项目初审 / 初审列表
  trialDeclarations: (query: Query) =>
    api.get<TPage<TDeclaration & { quota: number; used: number }>>('/projects/trial/declarations', q(query)),
  trialDeclaration: (id: number) => api.get<TDeclarationDetail>(`/projects/trial/declarations/${id}`),
  trialAct: (id: number, body: TActInput) => api.post<null>(`/projects/trial/declarations/${id}/act`, body),
  trialHandled: (query: Query) => api.get<TPage<THandled>>('/projects/trial/handled', q(query)),
  // 项目评审 / 评审列表
  assignments: (query: Query) => api.get<TPage<TAssignment>>('/projects/review/assignments', q(query)),
  reviewHistory: (query: Query) => api.get<TPage<TAssignment>>('/projects/review/history', q(query)),
  assignment: (id: number) => api.get<TAssignmentDetail>(`/projects/review/assignments/${id}`),
  submitReview: (id: number, body: TReviewInput) => api.post<null>(`/projects/review/assignments/${id}`, body),
};

/** Units an applicant may choose as the recommending unit. */
/** The expert library's domains (申报领域): each with its full path and parent. */
export const domainsApi = {
  list: () => api.get<{ list: { id: number; name: string; parentId?: number | null }[] }>('/experts/domains/options'),
};
export const unitsApi = { list: () => api.get<{ list: { id: number; name: string }[] }>('/projects/units') };

/** The declaration form as the project froze it: render declarations with this, never the latest design. */
export const projectFormApi = {
  get: (projectId: number) =>
    api.get<{ key: string; version: number; schema: import('@shetuan/shared/forms').TFormSchema }>(
      `/projects/${projectId}/form-schema`,
    ),
};

/** 项目统计 and its lists (server modules/projects/stats.ts). */
export const statsApi = {
  figures: (projectId: number) =>
    api.get<import('@shetuan/shared/projects').TProjectStatistics>(`/projects/${projectId}/statistics`),
  scores: (query: Query) =>
    api.get<TPage<import('@shetuan/shared/projects').TReviewSheetRow>>('/projects/sheets/scores', q(query)),
  approvals: (query: Query) =>
    api.get<TPage<import('@shetuan/shared/projects').TReviewSheetRow>>('/projects/sheets/approvals', q(query)),
  units: (query: Query) =>
    api.get<TPage<import('@shetuan/shared/projects').TTrialUnitRow>>('/projects/sheets/units', q(query)),
  experts: (query: Query) =>
    api.get<TPage<import('@shetuan/shared/projects').TReviewExpertRow>>('/projects/sheets/experts', q(query)),
  declarations: (query: Query) => api.get<TPage<TDeclaration>>('/projects/sheets/declarations', q(query)),
  /** sheet: scores | approvals | units | experts | declarations; the body is the list's query. */
  exportJob: (sheet: 'scores' | 'approvals' | 'units' | 'experts' | 'declarations', query: Query) =>
    api.post<{ key: string }>(`/projects/sheets/${sheet}/export-jobs`, q(query)),
};
