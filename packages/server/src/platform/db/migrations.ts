import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/** Run after the migrations: secures any tenant-owned table a migration added (see 0001). */
export const SECURE_TENANT_TABLES = 'select app_secure_tenant_tables()';
