export { type NamedLibrary, namedLibraryService } from './named-library';
export {
  IMPORT_MAX_ROWS,
  type ResourceScope,
  type ResourceService,
  resourceExportJob,
  resourceNotFound,
  resourceRoutes,
  TENANT_SCOPE,
} from './routes';
