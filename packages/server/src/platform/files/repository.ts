import { and, eq } from 'drizzle-orm';
import type { GlobalReader, Tx } from '../db';
import { tenants } from '../tenancy/tables';
import { files } from './tables';

/*
 * File records. Every query of the tenant's files names the tenant (docs/scale-out.md: only an
 * explicit tenant predicate routes a query to one shard); row-level security stays as the safety net.
 */

export type FileRow = typeof files.$inferSelect;

/** The tenant's custom type (tenants is a global table: no tenant predicate applies). */
export async function tenantCustomType(g: GlobalReader, tenantId: number): Promise<number | undefined> {
  const [t] = await g.select({ customType: tenants.customType }).from(tenants).where(eq(tenants.id, tenantId));
  return t?.customType;
}

export async function insertFile(
  tx: Tx,
  tenantId: number,
  values: Omit<typeof files.$inferInsert, 'tenantId' | 'id'>,
): Promise<FileRow | undefined> {
  const [row] = await tx
    .insert(files)
    .values({ ...values, tenantId })
    .returning();
  return row;
}

/** The person's pending (presigned, not yet confirmed) upload at that path. */
export async function findPendingFile(
  tx: Tx,
  tenantId: number,
  path: string,
  userId: number,
): Promise<FileRow | undefined> {
  const [pending] = await tx
    .select()
    .from(files)
    .where(
      and(eq(files.tenantId, tenantId), eq(files.path, path), eq(files.userId, userId), eq(files.status, 'pending')),
    );
  return pending;
}

export async function markFileReady(
  tx: Tx,
  tenantId: number,
  id: number,
  contentType: string,
): Promise<FileRow | undefined> {
  const [row] = await tx
    .update(files)
    .set({ status: 'ready', contentType })
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id)))
    .returning();
  return row;
}

/** The id of the ready rich-text image with that public key. */
export async function findPublicImageId(tx: Tx, tenantId: number, key: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.publicKey, key), eq(files.status, 'ready')));
  return row?.id;
}

/** A ready file of that purpose ('' general): a file kept for another purpose is not found. */
export async function findReadyFile(
  tx: Tx,
  tenantId: number,
  id: number,
  purpose: string,
): Promise<FileRow | undefined> {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id), eq(files.status, 'ready'), eq(files.purpose, purpose)));
  return row;
}
