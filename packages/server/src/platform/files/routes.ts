import multipart from '@fastify/multipart';
import { ok, ResultCode, UPLOAD_MESSAGES, ZEnvelope, ZIdParam } from '@shetuan/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../auth/context';
import type { AppInstance } from '../http/app-types';
import { AppError } from '../http/errors';
import { tenantOfRequest } from '../tenancy/request-tenant';
import { confirmUpload, type OpenedFile, openFile, openPublicImage, presignUpload, storeUpload } from './service';
import { type Storages, storagesFromConfig } from './storage';

const tags = ['files'];
/** The spec's largest upload (the component's default fileSize prop: 90,000,000 MB-units is far more; we cap at 100 MB). */
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

const ZFileRecord = z.object({
  id: z.number(),
  filePath: z.string(),
  fileSize: z.number(),
  realFileName: z.string(),
  url: z.string(),
  publicUrl: z.string().optional(),
});
const ZRules = z.object({
  maxCount: z.coerce.number().int().positive().max(100).optional(),
  maxSizeMB: z.coerce.number().positive().max(100).optional(),
  accept: z.array(z.string().max(10)).max(30).optional(),
  imagesOnly: z.boolean().optional(),
});

/** Rules the client sends with a multipart upload, as one JSON field. */
function rulesOf(field: unknown): z.infer<typeof ZRules> {
  if (typeof field !== 'string' || field === '') return {};
  try {
    return ZRules.parse(JSON.parse(field));
  } catch {
    throw new AppError(ResultCode.FAILED, '上传参数有误');
  }
}

/**
 * The one file of a multipart upload, read whole (up to the plugin's limit), and its text fields.
 * Every refusal is the spec's message.
 */
export async function readUpload(request: FastifyRequest): Promise<{
  fileName: string;
  data: Buffer;
  field: (name: string) => string | undefined;
}> {
  if (!request.isMultipart()) throw new AppError(ResultCode.FAILED, '请选择要上传的文件');
  const part = await request.file();
  if (!part) throw new AppError(ResultCode.FAILED, '请选择要上传的文件');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch {
    throw new AppError(ResultCode.FAILED, UPLOAD_MESSAGES.tooLarge);
  }
  const field = (name: string) => {
    const f = part.fields[name];
    return f && !Array.isArray(f) && 'value' in f ? String(f.value) : undefined;
  };
  return { fileName: part.filename, data, field };
}

/**
 * Sends a file read with the token: private to the browser (a short cache), never sniffed, shown
 * in the page with its own name. Module routes that serve their private files answer with it.
 */
export function sendFile(reply: FastifyReply, file: OpenedFile) {
  reply
    .header('content-type', file.type)
    .header('content-length', String(file.size))
    .header('cache-control', 'private, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  return reply.send(file.body);
}

/**
 * Files (spec 000 §7): the upload mode, the own-server upload, the cloud upload in two steps
 * (presigned address, then the record), and reading a file with the token.
 */
export async function fileRoutes(app: AppInstance, storages: Storages = storagesFromConfig(app.config)): Promise<void> {
  const { db, config } = app;
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });

  app.get(
    '/systemfile/mode',
    {
      config: { permission: 'login' },
      schema: { tags, summary: '上传方式：1 本服务器，2 云存储', response: { 200: ZEnvelope(z.enum(['1', '2'])) } },
    },
    async () => ok(config.FILE_STORAGE === 'local' ? ('1' as const) : ('2' as const)),
  );

  app.post(
    '/systemfile/upload',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: '上传到本服务器（multipart：file, code 012|004, isPress, rules, count 已选文件数）',
        consumes: ['multipart/form-data'],
        response: { 200: ZEnvelope(ZFileRecord) },
      },
    },
    async (request) => {
      const { fileName, data, field } = await readUpload(request);
      const code = field('code') === '004' ? '004' : '012';
      const auth = authOf(request);
      const record = await storeUpload(
        db,
        storages,
        { tenantId: auth.tenantId, userId: auth.userId },
        {
          fileName,
          data,
          code,
          isPress: field('isPress') === '1',
          rules: rulesOf(field('rules')),
          count: Number(field('count') ?? 0) || 0,
          publicImage: field('publicImage') === '1',
        },
      );
      return ok(record, UPLOAD_MESSAGES.success);
    },
  );

  app.post(
    '/systemfile/presign',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: '云存储：获取临时上传地址（预签名 PUT，5 分钟）',
        body: z.object({
          fileName: z.string().min(1).max(200),
          fileSize: z.number().int().min(0),
          contentType: z.string().max(100).default(''),
          code: z.enum(['012', '004']).default('012'),
          rules: ZRules.default({}),
          count: z.number().int().min(0).default(0),
        }),
        response: {
          200: ZEnvelope(
            z.object({ uploadUrl: z.string(), fileDir: z.string(), filePath: z.string(), expiresIn: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(await presignUpload(db, storages, { tenantId: auth.tenantId, userId: auth.userId }, request.body));
    },
  );

  app.post(
    '/systemfile/record',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: '云存储：保存文件记录（fileDir, filePath, fileSize, realFileName）',
        body: z.object({
          fileDir: z.string().max(300).optional(),
          filePath: z.string().min(1).max(400),
          fileSize: z.number().int().min(0),
          realFileName: z.string().min(1).max(200),
        }),
        response: { 200: ZEnvelope(ZFileRecord) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return ok(
        await confirmUpload(db, storages, { tenantId: auth.tenantId, userId: auth.userId }, request.body),
        UPLOAD_MESSAGES.success,
      );
    },
  );

  app.get(
    '/systemfile/public/:key',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '富文本中的图片（无需登录；随机地址，仅图片）',
        params: z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, '文件不存在') }),
      },
    },
    async (request, reply) => {
      const tenantId = await tenantOfRequest(db, request);
      const file = await openPublicImage(db, storages, tenantId, request.params.key);
      reply
        .header('content-type', file.type)
        .header('content-length', String(file.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      return reply.send(file.body);
    },
  );

  app.get(
    '/systemfile/files/:id',
    {
      config: { permission: 'login' },
      schema: {
        tags,
        summary: '读取文件（须登录，本租户；模块的私有文件如申诉证明材料不在此读取，须经其模块的接口）',
        params: ZIdParam,
      },
    },
    async (request, reply) =>
      // General files only: a module's private file (a purpose) is 文件不存在 here (service FilePurpose).
      sendFile(reply, await openFile(db, storages, authOf(request).tenantId, request.params.id)),
  );
}
