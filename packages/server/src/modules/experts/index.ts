export { expertsModule } from './module';
export { domainOptions, domainsExist, EXPERT_IDENTITY_CODE, libraryProfiles } from './service';
export { expertDomains, expertDrawPicks, expertDraws, expertLabels, experts } from './tables';
