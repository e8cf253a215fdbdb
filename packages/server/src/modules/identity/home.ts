import { IDENTITY_PAGES as P, TenantUserStatus, USER_LISTS } from '@shetuan/shared/identity';
import type { HomeContribution } from '../../platform/modules';
import { countUserList } from './repository';

/**
 * The people of the tenant on 单位首页 (platform/home): registrations waiting at 用户审核 (the
 * list's own count, without the refused ones it also shows), and the active people 用户管理 lists.
 */
export const identityHome: HomeContribution = {
  todos: [
    {
      key: 'identity.registrations',
      home: 'unit',
      label: '待审核的注册',
      path: P.audit.path,
      permission: P.audit.edit,
      count: (tx, caller) =>
        countUserList(tx, caller.tenantId, {
          types: [...USER_LISTS.audit.userTypes],
          statuses: [TenantUserStatus.PENDING],
        }),
    },
  ],
  figures: [
    {
      key: 'identity.people',
      label: '用户总数',
      unit: 'count',
      suffix: '人',
      path: P.staff.path,
      permission: P.staff.path,
      value: (tx, caller) =>
        countUserList(tx, caller.tenantId, {
          types: [...USER_LISTS.staff.userTypes],
          statuses: [TenantUserStatus.ACTIVE],
        }),
    },
  ],
};
