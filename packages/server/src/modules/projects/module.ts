import { OPERATION_PAGES, PROJECT_PAGES } from '@shetuan/shared/projects';
import { defineModule } from '../../platform/modules';
import { seedProjectsDemo } from './demo';
import { projectExportJobs } from './export';
import { projectsHome } from './home';
import { seedOperationsDemo } from './operations/demo';
import { operationsExportJobs } from './operations/export';
import { operationRoutes } from './operations/routes';
import { projectRoutes } from './routes';
import { DECLARATION_FORM_KIND } from './service';

/**
 * 项目申报与评审: calls for declarations with a configurable review flow (first trial, formal
 * review, expert rounds, approval chains, grading), reviewer allocation and scoring. Its pages
 * are the catalogue's (项目创建者, 申报人, 初审人, 评审人, 运营管理 groups).
 */
export const projectsModule = defineModule({
  name: 'projects',
  routes: async (app) => {
    await projectRoutes(app);
    await operationRoutes(app);
  },
  pages: [...Object.values(PROJECT_PAGES), ...Object.values(OPERATION_PAGES)],
  jobs: { ...projectExportJobs, ...operationsExportJobs },
  // Existing tenants get 初审列表's and 评审列表's new 导出 (an addition naming entries they have).
  menuAdditions: [{ version: 10, keys: [PROJECT_PAGES.firstTrialList.path, PROJECT_PAGES.reviewList.path] }],
  formKinds: [{ key: DECLARATION_FORM_KIND, name: '项目申报', fixed: [] }],
  home: projectsHome,
  seedDemo: async (db, tenants) => {
    await seedProjectsDemo(db, tenants);
    await seedOperationsDemo(db, tenants);
  },
});
