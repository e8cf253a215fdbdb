import { EXPERT_CALLS, EXPERT_PAGES, EXPERTS } from '@shetuan/shared/experts';
import { defineModule } from '../../platform/modules';
import { resourceExportJob } from '../../platform/resource';
import { callService } from './calls';
import { seedExpertsDemo } from './demo';
import { expertExportJobs } from './export';
import { expertsHome } from './home';
import { expertRoutes } from './routes';
import { expertService } from './service';

/**
 * 专家库 (spec 001 §2.9): the library with registration and change approval, the domain tree,
 * labels, random draws with substitutes and confirmations, statistics, calls for experts and the
 * tenant's own expert form. The catalogue's 专家管理 group has 专家管理, 专家遴选 and 专家领域分类;
 * 专家审核, 标签管理, 专家统计, 专家征集 and 专家信息配置 join it, and 我的专家信息 is a new group
 * for the people who may apply or are experts.
 */
export const expertsModule = defineModule({
  name: 'experts',
  routes: expertRoutes,
  pages: Object.values(EXPERT_PAGES),
  menu: [
    {
      group: 'expert',
      entries: [
        { path: EXPERT_PAGES.audit.path, name: '专家审核' },
        { path: EXPERT_PAGES.labels.path, name: '标签管理' },
        { path: EXPERT_PAGES.statistics.path, name: '专家统计' },
        { path: EXPERT_PAGES.calls.path, name: '专家征集' },
        { path: EXPERT_PAGES.config.path, name: '专家信息配置' },
      ],
    },
    {
      group: { key: 'expert-self', name: '专家服务', roles: ['专家', '评审人', '会员', '单位及个人用户'] },
      entries: [{ path: EXPERT_PAGES.mine.path, name: '我的专家信息' }],
    },
  ],
  menuAdditions: [
    {
      version: 3,
      keys: [
        EXPERT_PAGES.audit.path,
        EXPERT_PAGES.labels.path,
        EXPERT_PAGES.statistics.path,
        'expert-self',
        EXPERT_PAGES.mine.path,
      ],
    },
    { version: 12, keys: [EXPERT_PAGES.calls.path, EXPERT_PAGES.config.path] },
  ],
  jobs: {
    ...expertExportJobs,
    ...resourceExportJob(EXPERTS, expertService),
    ...resourceExportJob(EXPERT_CALLS, callService),
  },
  home: expertsHome,
  seedDemo: seedExpertsDemo,
});
