import { ExpertStatus, EXPERT_PAGES as P } from '@shetuan/shared/experts';
import type { HomeContribution } from '../../platform/modules';
import * as repo from './repository';
import { countPendingApplications } from './repository/calls';

/**
 * 专家库 on 单位首页 (platform/home): registrations and profile changes waiting at 专家审核 (the
 * count 专家审核 itself shows), and the experts in the library.
 */
export const expertsHome: HomeContribution = {
  todos: [
    {
      key: 'experts.audit',
      home: 'unit',
      label: '待审核的专家申请',
      path: P.audit.path,
      permission: P.audit.audit,
      count: (tx, caller) => repo.countAudits(tx, caller.tenantId, undefined),
    },
    {
      key: 'experts.calls',
      home: 'unit',
      label: '待审核的征集报名',
      path: P.calls.path,
      permission: P.calls.audit,
      count: (tx, caller) => countPendingApplications(tx, caller.tenantId),
    },
  ],
  figures: [
    {
      key: 'experts.active',
      label: '入库专家',
      unit: 'count',
      suffix: '人',
      path: P.library.path,
      permission: P.library.path,
      value: (tx, caller) => repo.countInStatus(tx, caller.tenantId, ExpertStatus.ACTIVE),
    },
  ],
};
