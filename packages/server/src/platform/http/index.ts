export type { AppInstance, Permission } from './app-types';
export { API_ROOT, WEB_BASE } from './constants';
export { AppError, badInput } from './errors';
