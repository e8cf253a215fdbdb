import { fail, ResultCode } from '@shetuan/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors';

export function sendEnvelope(reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  // A pre-serialised body bypasses the route's response schema, which describes success only.
  return reply
    .status(status)
    .header('x-result-code', String(code))
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(fail(code, msg, data)));
}

const FIELD_NAMES: Record<string, string> = {
  querystring: '查询参数',
  body: '请求体',
  params: '路径参数',
  headers: '请求头',
};

/** Turns every error into the envelope: user mistakes get a Chinese message, faults a request id. */
export function envelopeErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return sendEnvelope(reply, error.httpStatus, error.code, error.message, error.data);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const where = FIELD_NAMES[error.validationContext ?? ''] ?? '参数';
    const msg = first?.message ? `${where}${field ? ` ${field} ` : ''}有误：${first.message}` : '请求参数有误';
    return sendEnvelope(reply, 400, ResultCode.FAILED, msg, {
      issues: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
    if (process.env.DEBUG_500) console.error(error, error.cause?.issues);
    return sendEnvelope(reply, 500, ResultCode.FAILED, '服务器内部错误，请稍后再试', { requestId: request.id });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const msg =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? '请求内容不是有效的 JSON'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? '请求内容过大'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? '不支持的请求内容类型'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? '请求体不能为空'
              : '请求无效';
    return sendEnvelope(reply, status, ResultCode.FAILED, msg);
  }
  request.log.error({ err: error }, 'unhandled error');
  // Tests run with logging off: DEBUG_500=1 prints what answered 500 (docs/testing.md).
  if (process.env.DEBUG_500) console.error(error);
  return sendEnvelope(reply, 500, ResultCode.FAILED, '服务器内部错误，请稍后再试', { requestId: request.id });
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendEnvelope(reply, 404, ResultCode.NOT_FOUND, `接口不存在：${request.method} ${request.url.split('?')[0]}`);
}
