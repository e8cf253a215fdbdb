export { formsModule } from './module';
export { formRoutes } from './routes';
export { formAnswers, formDrafts, formFiles, formProjects, formVersions } from './tables';
