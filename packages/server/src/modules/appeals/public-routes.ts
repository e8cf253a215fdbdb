import { createHash } from 'node:crypto';
import { ok, ResultCode, UPLOAD_MESSAGES, ZEnvelope } from '@shetuan/shared';
import {
  APPEAL_MESSAGES,
  APPEAL_PROOF_RULES,
  type TAppealResult,
  ZAppealDeviceKey,
  ZAppealLookup,
  ZAppealResult,
  ZAppealSubmit,
} from '@shetuan/shared/appeals';
import { z } from 'zod';
import { recentFailures, recordFailure } from '../../platform/auth/throttle';
import { readUpload, type Storages, storagesFromConfig, storeUpload } from '../../platform/files';
import type { AppInstance } from '../../platform/http/app-types';
import { AppError } from '../../platform/http/errors';
import { tenantOfRequest } from '../../platform/tenancy/request-tenant';
import * as repo from './repository';
import { APPEAL_PROOF, appealResult, submitAppeal } from './service';

const tags = ['appeals'];
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const HOUR_MS = 3_600_000;
/** Uploads from one address, and from one page, within an hour. */
const UPLOADS_PER_IP = 30;
const UPLOADS_PER_DEVICE = 20;
/** Failed look-ups from one address (of one number, or of any) within 15 minutes before its look-ups stop. */
const LOOKUP_FAILURES = 10;

/**
 * The appeal's public side (no login: the person cannot log in): the proof uploads, the submission
 * and the look-up by number and phone. The tenant is the domain's.
 */
export async function appealPublicRoutes(
  app: AppInstance,
  storages: Storages = storagesFromConfig(app.config),
): Promise<void> {
  const { db } = app;

  app.post(
    '/appeals/public/files',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '人工申诉：上传证明材料（multipart：file, deviceKey；jpg、jpeg、png、pdf，10MB 以内）',
        consumes: ['multipart/form-data'],
        response: { 200: ZEnvelope(z.object({ id: z.string(), name: z.string(), size: z.number() })) },
      },
    },
    async (request) => {
      const { fileName, data, field } = await readUpload(request);
      const device = ZAppealDeviceKey.safeParse(field('deviceKey'));
      if (!device.success) throw new AppError(ResultCode.FAILED, '无法识别当前设备，请刷新页面后再上传');
      const tenantId = await tenantOfRequest(db, request);
      const deviceKeyHash = sha256(device.data);
      const ip = request.ip.slice(0, 64);
      const record = await storeUpload(
        db,
        storages,
        { tenantId, userId: null },
        {
          fileName,
          data,
          code: '012',
          isPress: false,
          rules: { ...APPEAL_PROOF_RULES, maxCount: undefined },
          // ID-card scans: never served by the general file route (service APPEAL_PROOF).
          purpose: APPEAL_PROOF,
        },
        {
          // The limits hold under concurrency: the address's and the page's uploads are counted
          // under their locks (always in this order), and the bytes are stored and the upload
          // recorded before the locks go, so a second upload at the same moment counts this one.
          admit: async (tx) => {
            await repo.lockKey(tx, `appeal-upload-ip:${tenantId}:${ip}`);
            await repo.lockKey(tx, `appeal-upload-device:${tenantId}:${deviceKeyHash}`);
            const since = new Date(Date.now() - HOUR_MS);
            const byIp = await repo.countUploadsSince(tx, tenantId, { ip }, since);
            const byDevice = await repo.countUploadsSince(tx, tenantId, { deviceKeyHash }, since);
            if (byIp >= UPLOADS_PER_IP || byDevice >= UPLOADS_PER_DEVICE)
              throw new AppError(ResultCode.FAILED, APPEAL_MESSAGES.uploadsTooMany);
          },
          attach: (tx, file) => repo.insertUpload(tx, tenantId, { fileId: file.id, deviceKeyHash, ip }),
        },
      );
      return ok({ id: String(record.id), name: fileName, size: record.fileSize }, UPLOAD_MESSAGES.success);
    },
  );

  app.post(
    '/appeals/public',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '提交人工申诉（手机号须先短信验证），答复申诉编号',
        body: ZAppealSubmit,
        response: { 200: ZEnvelope(z.object({ number: z.string() })) },
      },
    },
    async (request) => {
      const tenantId = await tenantOfRequest(db, request);
      const result = await db.withTenant(tenantId, (tx) =>
        submitAppeal(tx, tenantId, request.body, sha256(request.body.deviceKey), request.ip),
      );
      return ok(result, APPEAL_MESSAGES.submitted);
    },
  );

  app.post(
    '/appeals/public/lookup',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: '申诉查询：凭申诉编号和手机号查看处理结果',
        body: ZAppealLookup,
        response: { 200: ZEnvelope(ZAppealResult) },
      },
    },
    async (request) => {
      const tenantId = await tenantOfRequest(db, request);
      const { number, phoneNumber } = request.body;
      // Both counts are the client address's: its guesses of this number, and of any number. A
      // stranger's guesses stop the stranger, never the owner looking the appeal up elsewhere.
      const keys = { account: `appeal:${tenantId}:${number}:${request.ip}`, ip: `appeal-ip:${request.ip}` };
      // Committed also when refused: the failed look-up counts.
      const outcome = await db.withTenant(tenantId, async (tx): Promise<{ ok: TAppealResult } | { error: string }> => {
        // Counted under the address's lock: look-ups at the same moment cannot all pass the limit.
        await repo.lockKey(tx, keys.ip);
        const failures = await recentFailures(tx, keys);
        if (failures.account >= LOOKUP_FAILURES || failures.ip >= LOOKUP_FAILURES)
          return { error: APPEAL_MESSAGES.tooMany };
        const row = await repo.findAppealByNumber(tx, tenantId, number);
        if (!row || row.phone !== phoneNumber) {
          await recordFailure(tx, keys);
          return { error: APPEAL_MESSAGES.notFound };
        }
        return { ok: appealResult(row) };
      });
      if ('error' in outcome) throw new AppError(ResultCode.FAILED, outcome.error);
      return ok(outcome.ok);
    },
  );
}
