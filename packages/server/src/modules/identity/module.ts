import { IDENTITY_PAGES } from '@shetuan/shared/identity';
import { defineModule } from '../../platform/modules';
import { identityAdminRoutes } from './admin-routes';
import { seedDemoAccounts } from './demo';
import { identityHome } from './home';
import { loginSideRoutes } from './login-side-routes';
import { identityRoutes } from './routes';
import { exportUsers, USER_EXPORT_JOB } from './user-export';

/** Login, identities and the user lists. Its demo accounts need the org module's demo units. */
export const identityModule = defineModule({
  name: 'identity',
  routes: async (app) => {
    await identityRoutes(app);
    await identityAdminRoutes(app);
    await loginSideRoutes(app);
  },
  pages: Object.values(IDENTITY_PAGES),
  jobs: { [USER_EXPORT_JOB]: exportUsers },
  home: identityHome,
  seedDemo: seedDemoAccounts,
});
