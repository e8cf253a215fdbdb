import { ORG_PAGES } from '@shetuan/shared/org';
import { defineModule } from '../../platform/modules';
import { orgRoutes } from './routes';
import { demoCityOrgs, demoDepartments, demoDistrictOrgs, seedDepartments, seedOrgTree } from './seed';

/** Units and departments (/company, /departmentManage). */
export const orgModule = defineModule({
  name: 'org',
  routes: orgRoutes,
  pages: Object.values(ORG_PAGES),
  async seedDemo(db, tenants) {
    await db.withTenant(tenants.city, async (tx) => {
      await seedOrgTree(tx, tenants.city, demoCityOrgs);
      await seedDepartments(tx, tenants.city, demoDepartments);
    });
    await db.withTenant(tenants.district, (tx) => seedOrgTree(tx, tenants.district, demoDistrictOrgs));
  },
});
