import fs from 'node:fs';
import path from 'node:path';

/**
 * Files the server writes for a tenant (exports now; uploads with the files service) live under
 * DATA_DIR/files/{tenantId}/{folder}/{yyyyMM}/, named with a timestamp prefix. Paths kept in the
 * database are relative to DATA_DIR/files, so the data directory can move.
 */
export function newTenantFile(dataDir: string, tenantId: number, folder: string, name: string) {
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const safe = name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80);
  const relative = path.posix.join(String(tenantId), folder, month, `${Date.now()}-${safe}`);
  const absolute = path.join(dataDir, 'files', relative);
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  return { relative, absolute };
}

/** The absolute path of a stored relative path, refusing anything that climbs out of the files folder. */
export function tenantFilePath(dataDir: string, tenantId: number, relative: string): string | null {
  const root = path.join(dataDir, 'files', String(tenantId));
  const absolute = path.resolve(path.join(dataDir, 'files'), relative);
  return absolute.startsWith(`${root}${path.sep}`) ? absolute : null;
}
