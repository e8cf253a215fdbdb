export { type BuildAppOptions, buildApp } from './app';
export { type AppConfig, loadConfig } from './platform/config';
export { AppDatabase, openDatabase, openNodePg, openPglite } from './platform/db';
export { DEMO_TENANTS, seedDemo } from './platform/seed/demo';
