import { definePage } from '../platform/pages';

/** The org module's pages (组织与人员). */
export const ORG_PAGES = {
  company: definePage('/company', '单位管理'),
  department: definePage('/departmentManage', '部门管理'),
} as const;
