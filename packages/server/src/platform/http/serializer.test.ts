import { ok, ZEnvelope } from '@shetuan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../testing';

const ZUser = ZEnvelope(z.object({ name: z.string(), age: z.number().int() }));

async function appWithLeakyRoute(env: Record<string, string>) {
  const t = await createTestApp(env);
  t.app.get('/st365/test/user', { config: { permission: 'public' }, schema: { response: { 200: ZUser } } }, async () =>
    ok({ name: '张三', age: 30, passwordHash: 'secret-hash' }),
  );
  t.app.get('/st365/test/drift', { config: { permission: 'public' }, schema: { response: { 200: ZUser } } }, async () =>
    // A drift the compiler cannot see (data from outside the type system, say a JSON column).
    ok(JSON.parse('{"name":"张三","age":"thirty"}') as { name: string; age: number }),
  );
  return t;
}

describe('response serialisation', () => {
  let fast: TestContext;
  let validating: TestContext;
  beforeAll(async () => {
    fast = await appWithLeakyRoute({ RESPONSE_VALIDATION: '0' });
    validating = await appWithLeakyRoute({ RESPONSE_VALIDATION: '1' });
  });
  afterAll(async () => {
    await fast.close();
    await validating.close();
  });

  it('writes only declared fields in the fast (production) mode', async () => {
    const res = await fast.app.inject({ url: '/st365/test/user' });
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: { name: '张三', age: 30 }, success: true });
    expect(res.body).not.toContain('secret-hash');
  });

  it('writes only declared fields in the validating mode too', async () => {
    const res = await validating.app.inject({ url: '/st365/test/user' });
    expect(res.body).not.toContain('secret-hash');
  });

  it('turns a drift between code and schema into a logged fault in the validating mode', async () => {
    const res = await validating.app.inject({ url: '/st365/test/drift' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 500, success: false, msg: '服务器内部错误，请稍后再试' });
  });
});
