import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { fail, ResultCode } from '@shetuan/shared';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendEnvelope } from './envelope-errors';

/**
 * Requests Fastify refuses before any route or hook sees them (its frameworkErrors): a path with
 * a bad percent escape, or a path parameter over maxParamLength. Answered in the envelope.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL') {
    void sendEnvelope(reply, 400, ResultCode.FAILED, '请求地址格式不正确');
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendEnvelope(reply, 414, ResultCode.FAILED, '请求地址过长');
  } else {
    request.log.error({ err: error }, 'framework error');
    void sendEnvelope(reply, 500, ResultCode.FAILED, '服务器内部错误，请稍后再试', { requestId: request.id });
  }
}

/** What Node's HTTP parser refused, in the envelope: status and Chinese message. */
function clientErrorAnswer(code: string): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, '请求头或请求地址过长'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, '请求超时，请重试'];
  return [400, '请求格式不正确'];
}

function rawResponse(status: number, msg: string): string {
  const body = JSON.stringify(fail(ResultCode.FAILED, msg));
  return [
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `x-result-code: ${ResultCode.FAILED}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** How long a refused connection may keep sending before it is cut (see lingering close below). */
const LINGER_MS = 5_000;

/** The socket's response in progress (Node's own bookkeeping; not in the public types). */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

const answered = new WeakSet<Socket>();

/**
 * Node's 'clientError' (Fastify's clientErrorHandler): a request its HTTP parser refused (header too
 * large, bad request line, bad chunking, timeout). Fastify's default writes its own JSON and destroys
 * the socket at once, which lost answers: the answer of a valid request pipelined before the bad one
 * (still in progress), and, with unread bytes left, the error itself (the close becomes a reset).
 * Here: answers in progress finish first, then the envelope, then the socket is half-closed and
 * drained until the client closes it (or LINGER_MS passes).
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  // The parser keeps failing on every later chunk: answer once.
  if (answered.has(socket)) return;
  answered.add(socket);
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] = clientErrorAnswer(error.code);
  answerWhenFree(socket as HttpSocket, rawResponse(status, msg));
}

function answerWhenFree(socket: HttpSocket, response: string): void {
  if (socket.destroyed) return;
  const inFlight = socket._httpMessage;
  if (inFlight && !inFlight.writableFinished && inFlight.req?.complete) {
    // A complete request before the bad one is still being answered: let it finish (Node then
    // assigns the next queued answer, if any, which is waited for in turn).
    let resumed = false;
    const resume = () => {
      if (resumed) return;
      resumed = true;
      setImmediate(() => answerWhenFree(socket, response));
    };
    inFlight.once('finish', resume);
    inFlight.once('close', resume);
    return;
  }
  if ((inFlight?.headersSent && !inFlight.writableFinished) || !socket.writable) {
    // Half an answer is on the wire: another one would corrupt it.
    socket.destroy();
    return;
  }
  socket.end(response);
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}
