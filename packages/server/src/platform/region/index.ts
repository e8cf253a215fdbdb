export { isRegionPath, regionFullName, regionList, regionTree } from './data';
export { regionRoutes } from './routes';
