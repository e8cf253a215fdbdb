import { ok } from '@shetuan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../testing';
import type { AppInstance } from './app-types';
import { AppError } from './errors';

describe('the envelope and error handling', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    const app = t.app as AppInstance;
    app.post(
      '/st365/test/echo',
      {
        config: { permission: 'public' },
        schema: { body: z.object({ name: z.string().min(1, '请输入名称'), age: z.number().int() }) },
      },
      async (req) => ok(req.body),
    );
    app.get('/st365/test/refuse', { config: { permission: 'public' } }, async () => {
      throw new AppError(403, '没有权限执行此操作');
    });
    app.get('/st365/test/crash', { config: { permission: 'public' } }, async () => {
      throw new Error('boom: secret detail');
    });
  });
  afterAll(() => t.close());

  it('wraps success as {code:200, msg, data, success:true} with a request id header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/st365/test/echo', payload: { name: '张三', age: 30 } });
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: { name: '张三', age: 30 }, success: true });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a sane caller request id', async () => {
    const res = await t.app.inject({ url: '/st365/health', headers: { 'x-request-id': 'trace-12345678' } });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
  });

  it('answers bad input with a Chinese message naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/st365/test/echo', payload: { name: '', age: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 500, success: false, msg: '请求体 name 有误：请输入名称' });
  });

  it('answers malformed JSON with a Chinese message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/st365/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 500, msg: '请求内容不是有效的 JSON', data: null, success: false });
  });

  it('passes a business refusal through with its code and message', async () => {
    const res = await t.app.inject({ url: '/st365/test/refuse' });
    expect(res.json()).toEqual({ code: 403, msg: '没有权限执行此操作', data: null, success: false });
  });

  it('hides the detail of a fault and gives the request id instead', async () => {
    const res = await t.app.inject({ url: '/st365/test/crash' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 500, success: false, msg: '服务器内部错误，请稍后再试' });
    expect(body.data.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret detail');
  });

  it('answers an unknown API path with the envelope', async () => {
    const res = await t.app.inject({ url: '/st365/no/such/path?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '接口不存在：GET /st365/no/such/path', data: null, success: false });
  });

  it('sends / to the web app under /new/', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/new/');
  });

  it('refuses to register an API route that declares no permission', async () => {
    const fresh = await createTestApp();
    try {
      expect(() => fresh.app.get('/st365/test/undeclared', async () => ok(null))).toThrow(/declares no permission/);
    } finally {
      await fresh.close();
    }
  });
});

describe('health and OpenAPI', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the database it runs on', async () => {
    const res = await t.app.inject({ url: '/st365/health' });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { status: 'ok', database: expect.stringMatching(/pglite|postgres/) },
    });
  });

  it('serves an OpenAPI 3 document generated from the zod schemas, with each permission', async () => {
    const res = await t.app.inject({ url: '/st365/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const lookup = doc.paths['/st365/tenant/lookup'].get;
    expect(lookup.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'domain', in: 'query' })]),
    );
    expect(lookup.description).toContain('Permission: `public`');
    const data = lookup.responses['200'].content['application/json'].schema.properties.data;
    expect(JSON.stringify(data)).toContain('companyName');
    expect(doc.paths['/st365/openapi.json']).toBeUndefined();
  });

  it('serves Swagger UI at /st365/docs', async () => {
    const res = await t.app.inject({ url: '/st365/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});
