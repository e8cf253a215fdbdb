export { IMPORT_MAX_ROWS, type ResourceService, resourceExportJob, resourceRoutes } from './routes';
