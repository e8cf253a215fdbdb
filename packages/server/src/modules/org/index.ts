export { departmentExists } from './departments';
export { orgModule } from './module';
export { findOrg, insertOrg, listOrgs, type NewOrg, type OrgRow } from './repository';
export { orgRoutes } from './routes';
export { demoCityOrgs, demoDepartments, demoDistrictOrgs, type OrgSeed, seedDepartments, seedOrgTree } from './seed';
