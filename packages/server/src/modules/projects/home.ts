import { PROJECT_PAGES as P } from '@shetuan/shared/projects';
import type { HomeContribution } from '../../platform/modules';
import * as repo from './repository';

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The instant the year began in China time. */
function yearStart(now: Date): Date {
  const year = new Date(now.getTime() + CHINA_OFFSET_MS).getUTCFullYear();
  return new Date(Date.UTC(year, 0, 1) - CHINA_OFFSET_MS);
}

/**
 * 项目申报与评审 on the home pages (platform/home). 单位首页: declarations waiting for the operators'
 * formal review (申报列表（评分）) and approval (申报列表（审批）), the year's declarations. 个人首页: the
 * unit's declarations to recommend (初审单位), the reviews assigned and not submitted (评审人), the
 * applicant's declarations returned for changes (申报人).
 */
export const projectsHome: HomeContribution = {
  todos: [
    {
      key: 'projects.formal-review',
      home: 'unit',
      label: '待形式审查的申报',
      path: P.declarations.path,
      permission: P.declarations.review,
      count: (tx, caller) => repo.countWaitingAtKind(tx, caller.tenantId, 'formal_review'),
    },
    {
      key: 'projects.approval',
      home: 'unit',
      label: '待审批的申报',
      path: '/createDeclareListSp',
      permission: P.declarations.review,
      count: (tx, caller) => repo.countWaitingAtKind(tx, caller.tenantId, 'approval'),
    },
    {
      key: 'projects.first-trial',
      home: 'personal',
      label: '待单位推荐的申报',
      path: P.firstTrial.path,
      permission: P.firstTrial.path,
      count: (tx, caller) =>
        caller.identityId ? repo.countTrialWaiting(tx, caller.tenantId, caller.identityId) : Promise.resolve(0),
    },
    {
      key: 'projects.reviews',
      home: 'personal',
      label: '待评审的申报',
      path: P.review.path,
      permission: P.review.path,
      count: (tx, caller) => repo.countPendingReviews(tx, caller.tenantId, caller.userId),
    },
    {
      key: 'projects.returned',
      home: 'personal',
      label: '退回修改的申报',
      path: P.declare.path,
      permission: P.declare.path,
      count: (tx, caller) => repo.countMineInStatus(tx, caller.tenantId, caller.userId, 'returned'),
    },
  ],
  figures: [
    {
      key: 'projects.declarations-year',
      label: '今年申报',
      unit: 'count',
      suffix: '份',
      path: P.cumulative.path,
      permission: P.cumulative.path,
      value: (tx, caller, now) => repo.countSubmittedSince(tx, caller.tenantId, yearStart(now)),
    },
  ],
};
