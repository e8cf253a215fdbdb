import { HOME_PAGES } from '@shetuan/shared/home';
import { FUNCTION_POINTS, PLATFORM_PAGES as P, ROLES } from '@shetuan/shared/rbac';
import { TENANTS } from '@shetuan/shared/tenant';
import { auditRoutes } from '../audit/routes';
import { sessionAdminRoutes } from '../auth/routes';
import { captchaRoutes } from '../captcha/routes';
import { fileRoutes } from '../files/routes';
import { healthRoutes } from '../health/routes';
import { homeRoutes } from '../home/routes';
import { jobRoutes } from '../jobs/routes';
import { messagesHome } from '../messages/home';
import { messageRoutes } from '../messages/routes';
import { roleService } from '../rbac/admin-service';
import { rbacConfigRoutes } from '../rbac/config-routes';
import { functionPointService } from '../rbac/config-service';
import { rbacRoutes } from '../rbac/routes';
import { regionRoutes } from '../region/routes';
import { resourceExportJob } from '../resource';
import { SMS_JOBS } from '../sms/notice';
import { phoneVerificationRoutes } from '../sms/phone-verification';
import { smsRoutes } from '../sms/routes';
import { tenantAdminRoutes, tenantService } from '../tenancy/admin';
import { tenancyRoutes } from '../tenancy/routes';
import { wechatRoutes } from '../wechat/routes';
import { defineModule, type ServerModule } from './manifest';

/** The platform's own parts, declared as modules are, so menus, pages and routes have one source. */
export const PLATFORM_MODULES: readonly ServerModule[] = [
  defineModule({ name: 'health', routes: healthRoutes }),
  defineModule({ name: 'captcha', routes: captchaRoutes }),
  defineModule({ name: 'jobs', routes: jobRoutes }),
  defineModule({ name: 'region', routes: regionRoutes }),
  defineModule({ name: 'files', routes: (app) => fileRoutes(app) }),
  defineModule({ name: 'wechat', routes: (app) => wechatRoutes(app) }),
  defineModule({ name: 'messages', routes: messageRoutes, pages: [P.messageSetting], home: messagesHome }),
  // 单位首页 and 个人首页: built from every installed module's `home` (platform/home README).
  defineModule({ name: 'home', routes: homeRoutes, pages: [HOME_PAGES.unit, HOME_PAGES.personal] }),
  defineModule({ name: 'tenancy', routes: tenancyRoutes }),
  defineModule({
    name: 'rbac',
    routes: async (app) => {
      await rbacRoutes(app);
      await rbacConfigRoutes(app);
    },
    pages: [P.role, P.setMenu, P.function, P.jurisdiction],
    jobs: { ...resourceExportJob(ROLES, roleService), ...resourceExportJob(FUNCTION_POINTS, functionPointService) },
  }),
  defineModule({ name: 'audit', routes: auditRoutes, pages: [P.operationLog, P.loginLog] }),
  defineModule({ name: 'sessions', routes: sessionAdminRoutes, pages: [P.onlineSessions] }),
  defineModule({
    name: 'sms',
    routes: async (app) => {
      await smsRoutes(app);
      await phoneVerificationRoutes(app);
    },
    pages: [P.smsOutbox],
    jobs: SMS_JOBS,
  }),
  defineModule({
    name: 'tenant-admin',
    routes: tenantAdminRoutes,
    pages: [P.tenant],
    jobs: resourceExportJob(TENANTS, tenantService),
  }),
];
