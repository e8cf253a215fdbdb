import { PROJECT_PAGES } from '@shetuan/shared/projects';
import { defineModule } from '../../platform/modules';
import { seedProjectsDemo } from './demo';
import { projectExportJobs } from './export';
import { projectsHome } from './home';
import { projectRoutes } from './routes';
import { DECLARATION_FORM_KIND } from './service';

/**
 * 项目申报与评审: calls for declarations with a configurable review flow (first trial, formal
 * review, expert rounds, approval chains, grading), reviewer allocation and scoring. Its pages
 * are the catalogue's (项目创建者, 申报人, 初审人, 评审人, 运营管理 groups).
 */
export const projectsModule = defineModule({
  name: 'projects',
  routes: projectRoutes,
  pages: Object.values(PROJECT_PAGES),
  jobs: projectExportJobs,
  formKinds: [{ key: DECLARATION_FORM_KIND, name: '项目申报', fixed: [] }],
  home: projectsHome,
  seedDemo: seedProjectsDemo,
});
