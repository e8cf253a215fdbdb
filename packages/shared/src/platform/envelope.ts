import { z } from 'zod';
import { ResultCode } from './result-code';

/** Every answer of the API, errors included: {code, msg, data, success}. */
export interface TEnvelope<T> {
  code: number;
  msg: string;
  data: T;
  success: boolean;
}

export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int().describe('200 on success; otherwise a code of the error catalogue'),
    msg: z.string(),
    data,
    success: z.boolean(),
  });
}

/** The envelope of a failed call: data is null or a small machine-readable detail. */
export const ZErrorEnvelope = ZEnvelope(z.unknown().nullable());

export function ok<T>(data: T, msg = '操作成功'): TEnvelope<T> {
  return { code: ResultCode.OK, msg, data, success: true };
}

export function fail<T = null>(code: number, msg: string, data: T = null as T): TEnvelope<T> {
  return { code, msg, data, success: false };
}
