import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Sends bytes on a fresh connection and reads every answer until the server closes it. */
function exchange(port: number, data: string): Promise<{ answers: RawAnswer[]; error: string | null }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | null = null;
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () => resolve({ answers: parseAnswers(Buffer.concat(chunks)), error }));
    socket.write(data);
    // The client stops sending (as a browser would after a refusal) but still reads.
    setTimeout(() => socket.end(), 1_000).unref();
  });
}

function parseAnswers(buf: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = buf;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`incomplete answer: ${rest.toString('latin1')}`);
    const [statusLine = '', ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.subarray(end + 4, end + 4 + length).toString('utf8');
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
    rest = rest.subarray(end + 4 + length);
  }
  return answers;
}

const request = (target: string, extra = 'Connection: close\r\n') =>
  `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extra}\r\n`;

describe('malformed requests answer the envelope, at the Node and Fastify level', () => {
  let t: TestContext;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  const cases: [string, string, number, string][] = [
    ['a bad percent escape in the path', request('/st365/project/templates/%E0%A4%A'), 400, '请求地址格式不正确'],
    ['an over-long path parameter', request(`/st365/project/templates/${'a'.repeat(500)}`), 414, '请求地址过长'],
    [
      'an over-large query string',
      request(`/st365/tenant/lookup?domain=${'a'.repeat(40_000)}`),
      431,
      '请求头或请求地址过长',
    ],
    ['an over-large header', request('/st365/health', `X-Big: ${'b'.repeat(40_000)}\r\n`), 431, '请求头或请求地址过长'],
    ['a header with a NUL byte', request('/st365/health', 'X-Bad: a\0b\r\n'), 400, '请求格式不正确'],
    ['a request line that is not HTTP', 'hello there\r\n\r\n', 400, '请求格式不正确'],
    ['an unknown method', 'BREW /st365/health HTTP/1.1\r\nHost: localhost\r\n\r\n', 400, '请求格式不正确'],
    [
      'broken chunked encoding',
      'POST /st365/health HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      400,
      '请求格式不正确',
    ],
    [
      'both Content-Length and Transfer-Encoding',
      'POST /st365/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
      '请求格式不正确',
    ],
  ];

  it.each(cases)('%s', async (_name, data, status, msg) => {
    const { answers } = await exchange(port, data);
    expect(answers).toHaveLength(1);
    expect(answers[0]?.status).toBe(status);
    expect(answers[0]?.headers['content-type']).toMatch(/^application\/json/);
    expect(answers[0]?.body).toEqual({ code: 500, msg, data: null, success: false });
  });

  it('a request without Host gets the envelope, not an empty 400', async () => {
    const { answers } = await exchange(port, 'GET /st365/no-such-call HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answers[0]?.body).toMatchObject({ code: 404, success: false });
  });

  it('answers a valid request pipelined before a malformed one, then the refusal', async () => {
    const { answers } = await exchange(port, `${request('/st365/health', '')}BREW / HTTP/1.1\r\n\r\n`);
    expect(answers.map((a) => a.status)).toEqual([200, 400]);
    expect(answers[0]?.body).toMatchObject({ code: 200, success: true });
    expect(answers[1]?.body).toMatchObject({ code: 500, msg: '请求格式不正确' });
  });

  it('under a stream of malformed requests every connection gets its answer', async () => {
    const kinds = cases.map((c) => c[1]);
    kinds.push(`${request('/st365/health', '')}${'\x01'.repeat(60_000)}\r\n\r\n`);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => exchange(port, kinds[i % kinds.length] ?? '')),
    );
    for (const { answers } of results) {
      expect(answers.length).toBeGreaterThan(0);
      for (const a of answers) expect(a.body).toMatchObject({ code: expect.any(Number), success: expect.any(Boolean) });
    }
  });
});
