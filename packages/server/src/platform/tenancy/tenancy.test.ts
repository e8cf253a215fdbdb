import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestTenant, type TestContext } from '../../testing';
import { seedDemo } from '../seed/demo';

describe('GET /st365/tenant/lookup', () => {
  let t: TestContext;
  let plain: { id: number; domain: string };
  let branded: { id: number; domain: string };
  let disabled: { id: number; domain: string };

  beforeAll(async () => {
    t = await createTestApp();
    plain = await createTestTenant(t.db, { companyId: 1 });
    branded = await createTestTenant(t.db, { companyId: 5001, icon: '/files/logo-5001.png', customType: 34 });
    disabled = await createTestTenant(t.db, { status: 0 });
  });
  afterAll(() => t.close());

  const lookup = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/st365/tenant/lookup${query}`, headers });

  it('answers the ucTenant of a domain in the envelope', async () => {
    const res = await lookup(`?domain=${branded.domain}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      msg: '操作成功',
      success: true,
      data: {
        ucTenant: {
          id: branded.id,
          companyId: 5001,
          companyName: expect.stringMatching(/^测试租户/),
          companyType: 2,
          icon: '/files/logo-5001.png',
          mobileDomain: '',
          customType: 34,
        },
      },
    });
  });

  it('accepts the page origin as the browser sends it (scheme, port, path, case)', async () => {
    const res = await lookup(
      `?domain=${encodeURIComponent(`HTTPS://${branded.domain.toUpperCase()}:8443/new/login?x=1`)}`,
    );
    expect(res.json().data.ucTenant.id).toBe(branded.id);
  });

  it('uses the default logo when the tenant has none or its companyId is 1', async () => {
    const res = await lookup(`?domain=${plain.domain}`);
    expect(res.json().data.ucTenant.icon).toBe('/new/logo.webp');
  });

  it('falls back to the Host header when no domain is given', async () => {
    const res = await lookup('', { host: `${branded.domain}:3000` });
    expect(res.json().data.ucTenant.id).toBe(branded.id);
  });

  it('answers 租户信息不完整 for an unknown domain, never a 500', async () => {
    const res = await lookup('?domain=unknown.example.cn');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 500,
      msg: '租户信息不完整',
      success: false,
      data: { reason: 'DOMAIN_UNKNOWN', domain: 'unknown.example.cn' },
    });
  });

  it('answers 租户信息不完整 for a disabled tenant', async () => {
    const res = await lookup(`?domain=${disabled.domain}`);
    expect(res.json()).toMatchObject({ success: false, msg: '租户信息不完整', data: { reason: 'TENANT_DISABLED' } });
  });

  it('refuses an empty or oversized domain with a Chinese message', async () => {
    const empty = await lookup('?domain=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, code: 500, msg: '查询参数 domain 有误：请提供域名' });
    const long = await lookup(`?domain=${'a'.repeat(300)}.cn`);
    expect(long.json()).toMatchObject({ success: false, msg: expect.stringContaining('域名过长') });
  });

  it('treats hostile input as an unknown domain', async () => {
    const res = await lookup(`?domain=${encodeURIComponent("x' or '1'='1")}`);
    expect(res.json()).toMatchObject({ success: false, msg: '租户信息不完整' });
  });
});

describe('loopback names and the demo tenants', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('resolves localhost and 127.0.0.1 to the default tenant', async () => {
    // On the shared PostgreSQL database another file may have seeded already; seedDemo is a no-op then.
    await seedDemo(t.db);
    for (const domain of ['localhost', '127.0.0.1', 'http://localhost:3000', '[::1]']) {
      const res = await t.app.inject({ url: `/st365/tenant/lookup?domain=${encodeURIComponent(domain)}` });
      expect(res.json().data.ucTenant, domain).toMatchObject({
        companyName: '示范市科学技术协会',
        icon: '/new/logo.webp',
      });
    }
  });
});
