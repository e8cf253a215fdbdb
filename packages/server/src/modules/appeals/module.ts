import { APPEAL_PAGES } from '@shetuan/shared/appeals';
import { defineModule } from '../../platform/modules';
import { appealJobs } from './export';
import { appealPublicRoutes } from './public-routes';
import { appealRoutes } from './routes';

/**
 * 人工申诉: people who cannot log in appeal without a login (/customerComplain), staff handle the
 * appeals (/appeal, in the catalogue's 申诉与用户中心 group), the person looks the result up
 * (/appealDetail) and is told by SMS. README for the decisions.
 */
export const appealsModule = defineModule({
  name: 'appeals',
  routes: async (app) => {
    await appealPublicRoutes(app);
    await appealRoutes(app);
  },
  pages: Object.values(APPEAL_PAGES),
  jobs: appealJobs,
});
