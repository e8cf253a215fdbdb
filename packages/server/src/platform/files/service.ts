import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { extensionOf, ResultCode, type UploadRules, uploadProblem } from '@shetuan/shared';
import type { AppDatabase, Tx } from '../db';
import { AppError } from '../http/errors';
import * as repo from './repository';
import { CONTENT_MISMATCH, sniffContent } from './sniff';
import type { FileStorage, Storages } from './storage';

/** Tenant custom type 14 keeps its files in its own folder and storage base (spec 000 §6). */
const INDEPENDENT_TYPE = 14;
const SNIFF_BYTES = 4100;
/** Images wider or taller than this are scaled down when the client asks (isPress '1'). */
const PRESS_MAX_SIDE = 2000;

/**
 * What a file is kept for. '' (general): an avatar, a form's picture, an attachment, served to
 * anyone logged in to the tenant at /systemfile/files/{id}. Any other value, named by the module
 * that stores it ('<module>.<what>', e.g. 'appeals.proof' for ID-card scans), is private to that
 * module: the general route refuses it, and the module serves it through its own route, which
 * checks its own permission, with openFile(…, purpose) and sendFile.
 */
export type FilePurpose = '' | `${string}.${string}`;

export interface FileRecord {
  id: number;
  filePath: string;
  fileSize: number;
  realFileName: string;
  /** The API address the file is read from (with the token, never public). */
  url: string;
  /** Rich-text images only: the address readers see it at without logging in. */
  publicUrl?: string;
}

async function placeOf(db: AppDatabase, storages: Storages, tenantId: number) {
  const customType = await db.withGlobal((g) => repo.tenantCustomType(g, tenantId));
  const independent = customType === INDEPENDENT_TYPE;
  return { storage: independent ? storages.independent : storages.main, prefix: independent ? 'independent/' : '' };
}

/** {tenant}/{yyyyMM}/{imgs | project-file}/{timestamp}-{name}: images and pdf under imgs. */
export function objectKey(prefix: string, tenantId: number, fileName: string, now = new Date()): string {
  const month = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`;
  const ext = extensionOf(fileName);
  const folder = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'pdf'].includes(ext) ? 'imgs' : 'project-file';
  const safe = fileName.replace(/[\\/:*?"<>|#%\s]+/g, '_');
  return `${prefix}${tenantId}/${month}/${folder}/${now.getTime()}-${safe}`;
}

const toRecord = (r: {
  id: number;
  path: string;
  fileSize: number;
  realFileName: string;
  publicKey: string | null;
}): FileRecord => ({
  id: r.id,
  filePath: r.path,
  fileSize: r.fileSize,
  realFileName: r.realFileName,
  url: `/systemfile/files/${r.id}`,
  ...(r.publicKey ? { publicUrl: `/systemfile/public/${r.publicKey}` } : {}),
});

async function pressImage(data: Buffer, mime: string): Promise<Buffer> {
  if (!['image/jpeg', 'image/png'].includes(mime)) return data;
  const image = await loadImage(data);
  const scale = Math.min(1, PRESS_MAX_SIDE / Math.max(image.width, image.height));
  const canvas = createCanvas(Math.round(image.width * scale), Math.round(image.height * scale));
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  const out = mime === 'image/png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 85);
  return out.length < data.length ? out : data;
}

/**
 * The own-server upload (mode '1'): the spec's checks again, the content against its extension,
 * images scaled down when asked, then the bytes to storage and a record.
 */
export async function storeUpload(
  db: AppDatabase,
  storages: Storages,
  who: { tenantId: number; userId: number | null },
  input: {
    fileName: string;
    data: Buffer;
    code: string;
    isPress: boolean;
    rules: UploadRules;
    count?: number;
    /** An image for rich text: readable without login at a random address. */
    publicImage?: boolean;
    /** A module's private file (FilePurpose); general when absent. */
    purpose?: FilePurpose;
  },
  hooks: {
    /**
     * Decides, in the transaction that keeps the file, whether it may be kept (a limit on uploads:
     * take a lock, count, throw to refuse). With it the bytes are stored inside that transaction,
     * after it, so a refused file is never stored and concurrent uploads cannot pass one limit.
     */
    admit?: (tx: Tx) => Promise<void>;
    /** Records the module's own row of the file in the same transaction. */
    attach?: (tx: Tx, record: FileRecord) => Promise<void>;
  } = {},
): Promise<FileRecord> {
  if (input.publicImage) input.rules = { ...input.rules, imagesOnly: true };
  if (input.publicImage && input.purpose) throw new Error('a public image cannot be a private file');
  const problem = uploadProblem({ name: input.fileName, size: input.data.length }, input.rules, input.count ?? 0);
  if (problem) throw new AppError(ResultCode.FAILED, problem);
  const mime = await sniffContent(input.fileName, input.data.subarray(0, SNIFF_BYTES));
  if (!mime) throw new AppError(ResultCode.FAILED, CONTENT_MISMATCH);
  const data = input.isPress ? await pressImage(input.data, mime).catch(() => input.data) : input.data;
  const { storage, prefix } = await placeOf(db, storages, who.tenantId);
  const key = objectKey(prefix, who.tenantId, input.fileName);
  // Without a limit to hold, the bytes are stored before the transaction (no connection held meanwhile).
  if (!hooks.admit) await storage.put(key, data, mime);
  return db.withTenant(who.tenantId, async (tx) => {
    if (hooks.admit) {
      await hooks.admit(tx);
      await storage.put(key, data, mime);
    }
    const row = await repo.insertFile(tx, who.tenantId, {
      storage: storage.kind,
      path: key,
      realFileName: input.fileName,
      fileSize: data.length,
      contentType: mime,
      code: input.code,
      userId: who.userId,
      publicKey: input.publicImage ? randomBytes(18).toString('base64url') : null,
      purpose: input.purpose ?? '',
    });
    if (!row) throw new Error('file insert returned no row');
    const record = toRecord(row);
    await hooks.attach?.(tx, record);
    return record;
  });
}

/**
 * Cloud mode, step 1 (our stand-in for the spec's temporary credentials): checks the file as an
 * upload would, then answers a presigned address valid for five minutes and a pending record.
 */
export async function presignUpload(
  db: AppDatabase,
  storages: Storages,
  who: { tenantId: number; userId: number },
  input: { fileName: string; fileSize: number; contentType: string; code: string; rules: UploadRules; count?: number },
): Promise<{ uploadUrl: string; fileDir: string; filePath: string; expiresIn: number }> {
  const problem = uploadProblem({ name: input.fileName, size: input.fileSize }, input.rules, input.count ?? 0);
  if (problem) throw new AppError(ResultCode.FAILED, problem);
  const { storage, prefix } = await placeOf(db, storages, who.tenantId);
  if (!storage.presignPut) throw new AppError(ResultCode.FAILED, '文件上传失败，钥匙获取不成功！');
  const key = objectKey(prefix, who.tenantId, input.fileName);
  const expiresIn = 300;
  const uploadUrl = await storage.presignPut(key, input.contentType || 'application/octet-stream', expiresIn);
  await db.withTenant(who.tenantId, (tx) =>
    repo.insertFile(tx, who.tenantId, {
      storage: storage.kind,
      path: key,
      realFileName: input.fileName,
      fileSize: input.fileSize,
      contentType: input.contentType || 'application/octet-stream',
      code: input.code,
      status: 'pending',
      userId: who.userId,
    }),
  );
  return { uploadUrl, fileDir: key.slice(0, key.lastIndexOf('/')), filePath: key, expiresIn };
}

/**
 * Cloud mode, step 3: the file record is saved once the object is really there, of the size
 * announced, and its content matches its extension; otherwise the object is not accepted.
 */
export async function confirmUpload(
  db: AppDatabase,
  storages: Storages,
  who: { tenantId: number; userId: number },
  input: { filePath: string; fileSize: number; realFileName: string },
): Promise<FileRecord> {
  const pending = await db.withTenant(who.tenantId, (tx) =>
    repo.findPendingFile(tx, who.tenantId, input.filePath, who.userId),
  );
  if (!pending) throw new AppError(ResultCode.FAILED, '获取上传状态失败');
  const { storage } = await placeOf(db, storages, who.tenantId);
  const size = await storage.size(pending.path);
  if (size === null || size !== input.fileSize || size !== pending.fileSize)
    throw new AppError(ResultCode.FAILED, '获取上传状态失败');
  const mime = await sniffContent(pending.realFileName, await storage.head(pending.path, SNIFF_BYTES));
  if (!mime) throw new AppError(ResultCode.FAILED, CONTENT_MISMATCH);
  const row = await db.withTenant(who.tenantId, (tx) => repo.markFileReady(tx, who.tenantId, pending.id, mime));
  if (!row) throw new AppError(ResultCode.FAILED, '获取上传状态失败');
  return toRecord(row);
}

/** A rich-text image by its public key, in the tenant of the domain. */
export async function openPublicImage(db: AppDatabase, storages: Storages, tenantId: number, key: string) {
  const id = await db.withTenant(tenantId, (tx) => repo.findPublicImageId(tx, tenantId, key));
  if (id === undefined) throw new AppError(ResultCode.FAILED, '文件不存在', null, 404);
  return openFile(db, storages, tenantId, id);
}

export interface OpenedFile {
  name: string;
  type: string;
  size: number;
  body: Readable;
}

/**
 * A ready file of the tenant kept for that purpose ('' general: what /systemfile/files/{id}
 * serves), with its bytes. A file of another purpose is 文件不存在, as a missing one is.
 */
export async function openFile(
  db: AppDatabase,
  storages: Storages,
  tenantId: number,
  id: number,
  purpose: FilePurpose = '',
): Promise<OpenedFile> {
  const row = await db.withTenant(tenantId, (tx) => repo.findReadyFile(tx, tenantId, id, purpose));
  if (!row) throw new AppError(ResultCode.FAILED, '文件不存在');
  const storage: FileStorage = row.path.startsWith('independent/') ? storages.independent : storages.main;
  return { name: row.realFileName, type: row.contentType, size: row.fileSize, body: await storage.get(row.path) };
}

export { Readable };
