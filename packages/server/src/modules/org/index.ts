export { findOrg, insertOrg, listOrgs, type NewOrg, type OrgRow } from './repository';
export { orgRoutes } from './routes';
export { demoCityOrgs, demoDistrictOrgs, type OrgSeed, seedOrgTree } from './seed';
export { orgs } from './tables';
