import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestPerson, createTestTenantWithRbac, TestClient, type TestContext } from '../../testing';
import { loadConfig } from '../config';
import { usedSignatures } from './tables';

const REDIS = process.env.TEST_REDIS_URL;

/** A TCP proxy in front of Redis that can be cut, to play an outage. */
async function cuttableProxy(target: URL): Promise<{ url: string; cut(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

// With REDIS_URL (PostgreSQL only), accepted signatures are recorded in Redis: a GET writes nothing
// to PostgreSQL, every server still accepts a signature once, and a Redis that stops answering
// sends the record back to the database instead of failing requests (platform/auth/replay.ts).
describe.runIf(process.env.TEST_DB === 'postgres' && REDIS)('the replay guard in Redis', () => {
  let t: TestContext;
  let other: TestContext;
  let tenant: { id: number; domain: string };

  const recorded = () =>
    t.db.withTenant(tenant.id, (tx) =>
      tx.select({ sign: usedSignatures.sign }).from(usedSignatures).where(eq(usedSignatures.tenantId, tenant.id)),
    );

  async function loggedIn(app: TestContext['app']) {
    const person = await createTestPerson(t.db, tenant.id, { identities: [{ code: 4 }] });
    const c = new TestClient(app, tenant.domain);
    await c.loginAs(person.mobile as string, person.password);
    return c;
  }

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: REDIS as string });
    other = await createTestApp({ REDIS_URL: REDIS as string });
    tenant = await createTestTenantWithRbac(t.db);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('accepts a signature once across servers and writes no signature to the database', async () => {
    const c = await loggedIn(t.app);
    const twin = new TestClient(other.app, tenant.domain);
    Object.assign(twin, { token: c.token, signKey: c.signKey, tenantId: c.tenantId, userId: c.userId });
    // Known to both servers first (a session's first request on a server is checked in full).
    expect((await c.get('/st365/messages/latest')).body.code).toBe(200);
    expect((await twin.get('/st365/messages/latest')).body.code).toBe(200);
    const timestamp = Date.now();
    expect((await c.get('/st365/messages/latest', { timestamp })).body.code).toBe(200);
    expect((await twin.get('/st365/messages/latest', { timestamp })).body).toMatchObject({
      code: 403,
      msg: '请求重复提交，已拒绝',
    });
    expect((await c.get('/st365/messages/latest', { timestamp })).body.code).toBe(403);
    expect(await recorded()).toEqual([]);
  });

  it('records in the database while Redis does not answer, and still refuses a replay', async () => {
    const proxy = await cuttableProxy(new URL(REDIS as string));
    const cut = await createTestApp({ REDIS_URL: proxy.url });
    try {
      const c = await loggedIn(cut.app);
      expect((await c.get('/st365/messages/latest')).body.code).toBe(200);
      expect((await c.get('/st365/identity/users?current=1&pageSize=10')).body.code).toBe(200);
      expect(await recorded()).toEqual([]);
      await proxy.cut();
      const timestamp = Date.now();
      expect((await c.get('/st365/messages/latest', { timestamp })).body.code).toBe(200);
      expect((await recorded()).length).toBe(1);
      expect((await c.get('/st365/messages/latest', { timestamp })).body).toMatchObject({
        code: 403,
        msg: '请求重复提交，已拒绝',
      });
      // More requests at once than the pool has connections (4): none holds one while it waits
      // for another to record its signature.
      const many = await Promise.all(
        Array.from({ length: 12 }, (_, n) => c.get('/st365/messages/latest', { timestamp: timestamp + 1 + n })),
      );
      expect(many.map((r) => r.body.code)).toEqual(Array(12).fill(200));
    } finally {
      await cut.close();
    }
  });

  it('does not start without the Redis it was given', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent-web-dist',
      JOB_WORKER: '0',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    // Loaded here, after the test helpers: app.ts imported first closes an import cycle early.
    const { buildApp } = await import('../../app');
    await expect(buildApp({ config, db: t.db, logger: false })).rejects.toThrow(/REDIS_URL: Redis 无法连接/);
  });
});
