import { DEPARTMENTS, ORG_PAGES, ORG_UNITS } from '@shetuan/shared/org';
import { defineModule } from '../../platform/modules';
import { resourceExportJob } from '../../platform/resource';
import { departmentService } from './departments';
import { orgRoutes } from './routes';
import { demoCityOrgs, demoDepartments, demoDistrictOrgs, seedDepartments, seedOrgTree } from './seed';
import { orgService } from './service';

/** Units and departments (/company, /departmentManage). */
export const orgModule = defineModule({
  name: 'org',
  routes: orgRoutes,
  pages: Object.values(ORG_PAGES),
  jobs: { ...resourceExportJob(ORG_UNITS, orgService), ...resourceExportJob(DEPARTMENTS, departmentService) },
  async seedDemo(db, tenants) {
    await db.withTenant(tenants.city, async (tx) => {
      await seedOrgTree(tx, tenants.city, demoCityOrgs);
      await seedDepartments(tx, tenants.city, demoDepartments);
    });
    await db.withTenant(tenants.district, (tx) => seedOrgTree(tx, tenants.district, demoDistrictOrgs));
  },
});
