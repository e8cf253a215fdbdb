import { definePage } from '../platform/pages';

const list = { edit: '编辑', export: '导出' } as const;

/** The identity module's pages: the user lists (组织与人员). */
export const IDENTITY_PAGES = {
  staff: definePage('/user-management', '用户管理', { add: '新增', ...list }),
  audit: definePage('/user-audit', '用户审核', list),
  social: definePage('/social-user-management', '社会用户', list),
  enterprise: definePage('/enterprise-user-management', '企业用户', { add: '新增', ...list }),
} as const;
