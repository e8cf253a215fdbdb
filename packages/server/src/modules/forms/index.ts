export {
  checkEmbeddedAnswers,
  copyEmbeddedForm,
  createEmbeddedForm,
  draftValues,
  embeddedFormSchema,
  embeddedFormVersion,
  embeddedFormVersions,
  personalFieldNames,
  publishEmbeddedForm,
} from './embed';
export { formsModule } from './module';
export { formRoutes } from './routes';
export { formAnswers, formDrafts, formFiles, formProjects, formVersions } from './tables';
