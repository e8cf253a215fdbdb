import { definePage } from '../platform/pages';

/** The forms module's pages (表单). */
export const FORMS_PAGES = {
  mine: definePage('/project/my', '我的表单'),
  template: definePage('/project/template', '表单模板', { add: '新增', export: '导出' }),
  recycle: definePage('/project/recycle', '回收站', { edit: '恢复', delete: '删除', export: '导出' }),
} as const;
