import {
  type TUserListQuery,
  type TUserRow,
  tenantUserStatusNames,
  USER_LISTS,
  type UserListKey,
} from '@shetuan/shared/identity';
import type { ExcelColumn } from '../../platform/http/excel';
import { exportPagesToFile, type JobHandler } from '../../platform/jobs';
import { listUsers } from './admin-service';

/** The columns of every user-list export (the quick download and the background one). */
export const USER_EXPORT_COLUMNS: ExcelColumn<TUserRow>[] = [
  { header: '姓名', width: 14, value: (r) => r.name },
  { header: '手机号', width: 16, value: (r) => r.mobile },
  { header: '账号', width: 14, value: (r) => r.account },
  { header: '用户类型', width: 10, value: (r) => r.userTypeName },
  { header: '部门', width: 14, value: (r) => r.deptName },
  {
    header: '身份',
    width: 40,
    value: (r) => r.identities.map((i) => `${i.identityName}（${i.orgName || '—'}）`).join('；'),
  },
  {
    header: '角色',
    width: 30,
    value: (r) => [...new Set(r.identities.flatMap((i) => i.roles.map((x) => x.name)))].join('、'),
  },
  { header: '状态', width: 8, value: (r) => tenantUserStatusNames[r.status] ?? '' },
  { header: '审核意见', width: 30, value: (r) => r.reviewRemark },
  { header: '加入时间', width: 22, value: (r) => new Date(r.createdAt) },
];

export const USER_EXPORT_JOB = 'identity.user-export';

/** The background export of a user list (exportPagesToFile: pages of 500, progress, 导出完成). */
export const exportUsers: JobHandler = async (ctx) => {
  const listKey = ctx.payload.list as UserListKey;
  const kind = USER_LISTS[listKey];
  if (!kind) throw new Error('用户列表不存在');
  const filter = (ctx.payload.query ?? {}) as Partial<TUserListQuery>;
  return exportPagesToFile(ctx, {
    fileName: `${kind.title}.xlsx`,
    sheet: '用户',
    columns: USER_EXPORT_COLUMNS,
    page: (current, pageSize) =>
      ctx.db.withTenant(ctx.tenantId, (tx) => listUsers(tx, ctx.tenantId, kind, { ...filter, current, pageSize })),
    doneText: (rows) => `${kind.title}（${rows} 条）已导出，请在导出窗口下载。`,
  });
};
