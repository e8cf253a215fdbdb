import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestPerson, createTestTenantWithRbac, TestClient, type TestContext } from '../../testing';
import { loadConfig } from '../config';
import type { AppInstance } from '../http/app-types';
import { identityRoles } from '../rbac/tables';
import { authCache, clearExpiredSignatures } from './cache';
import { sessions, usedSignatures } from './tables';

// Two app servers on one database, each with its own in-memory caches (sign keys, grants): what
// one server changes, the other enforces on the very next request. On PostgreSQL the second
// server has its own connection pool and caches; on PGlite (one process) it shares the handle.
describe('the request path with two app servers', () => {
  let t: TestContext;
  let other: { app: AppInstance; close(): Promise<void> };
  let tenant: { id: number; domain: string };
  let admin: TestClient;

  /** The same session, from a client of the other server. */
  function onOther(c: TestClient): TestClient {
    const twin = new TestClient(other.app, tenant.domain);
    Object.assign(twin, { token: c.token, signKey: c.signKey, tenantId: c.tenantId, userId: c.userId });
    return twin;
  }

  async function loggedIn(code = 4) {
    const person = await createTestPerson(t.db, tenant.id, { identities: [{ code }] });
    const c = new TestClient(t.app, tenant.domain);
    await c.loginAs(person.mobile as string, person.password);
    const twin = onOther(c);
    // Both servers know the session (sign key and grants cached) before the change.
    expect((await c.get('/st365/messages/latest')).body.code).toBe(200);
    expect((await twin.get('/st365/messages/latest')).body.code).toBe(200);
    return { person, c, twin };
  }

  beforeAll(async () => {
    t = await createTestApp();
    if (t.db.kind === 'postgres') {
      other = await createTestApp();
    } else {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent-web-dist',
        JOB_WORKER: '0',
      });
      // Loaded here, after the test helpers: app.ts imported first closes an import cycle early.
      const { buildApp } = await import('../../app');
      const app = await buildApp({ config, db: t.db, logger: false });
      other = { app, close: () => app.close() };
    }
    tenant = await createTestTenantWithRbac(t.db);
    ({ c: admin } = await loggedIn(4));
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('ends a logged-out session on the other server at once', async () => {
    const { c, twin } = await loggedIn();
    expect((await c.post('/st365/auth/logout')).body.code).toBe(200);
    expect((await twin.get('/st365/messages/latest')).body).toMatchObject({ code: 200012 });
  });

  it('ends a session forced out on one server at once on the other', async () => {
    const { c, twin } = await loggedIn(12);
    const list = (await admin.get('/st365/auth/sessions')).body.data.list as { id: number; userId: number }[];
    const target = list.find((s) => s.userId === c.userId);
    expect((await admin.post(`/st365/auth/sessions/${target?.id}/kick`)).body.msg).toBe('已强制下线');
    expect((await twin.get('/st365/messages/latest')).body).toMatchObject({
      code: 200012,
      msg: '您已被管理员强制下线，请重新登录',
    });
    expect((await c.get('/st365/messages/latest')).body.code).toBe(200012);
  });

  it('ends an expired session at once on both servers', async () => {
    const { c, twin } = await loggedIn();
    await t.db.withTenant(tenant.id, (tx) =>
      tx
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, c.userId as number)),
    );
    expect((await twin.get('/st365/messages/latest')).body.code).toBe(200011);
    expect((await c.get('/st365/messages/latest')).body.code).toBe(200011);
  });

  it("ends a person's other sessions on every server when the password changes", async () => {
    const { person, c } = await loggedIn();
    const second = new TestClient(t.app, tenant.domain);
    await second.loginAs(person.mobile as string, person.password);
    const secondOnOther = onOther(second);
    expect((await secondOnOther.get('/st365/messages/latest')).body.code).toBe(200);
    const changed = await c.post('/st365/auth/password/change', {
      oldPassword: person.password,
      newPassword: 'Changed@5678',
    });
    expect(changed.body.msg).toBe('密码修改成功');
    expect((await secondOnOther.get('/st365/messages/latest')).body).toMatchObject({
      code: 200012,
      msg: '密码已修改，请重新登录',
    });
    expect((await c.get('/st365/messages/latest')).body.code).toBe(200);
  });

  it('applies a role change made on one server at once on the other (grants cached by version)', async () => {
    const { person, c, twin } = await loggedIn(4);
    const identityId = person.identityIds[0] as number;
    const list = '/st365/identity/users?current=1&pageSize=10';
    expect((await twin.get(list)).body.code).toBe(200);
    const held = await t.db.withTenant(tenant.id, (tx) =>
      tx.select({ roleId: identityRoles.roleId }).from(identityRoles).where(eq(identityRoles.identityId, identityId)),
    );
    expect(held.length).toBeGreaterThan(0);
    // The administrator takes the identity's roles away through the first server's API.
    const cleared = await admin.call('PUT', `/st365/identity/identities/${identityId}/roles`, { roleIds: [] });
    expect(cleared.body.msg).toBe('角色已分配');
    expect((await twin.get(list)).body.code).toBe(100002);
    expect((await c.get(list)).body.code).toBe(100002);
    // Given back straight in the database (a script, a third server): also seen at once.
    await t.db.withTenant(tenant.id, (tx) =>
      tx.insert(identityRoles).values(held.map((r) => ({ tenantId: tenant.id, identityId, roleId: r.roleId }))),
    );
    expect((await twin.get(list)).body.code).toBe(200);
    expect((await c.get(list)).body.code).toBe(200);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'answers the bell and the user list with few statements, the GET in one transaction',
    async () => {
      const { c } = await loggedIn(4);
      await c.get('/st365/messages/latest');
      await c.get('/st365/identity/users?current=1&pageSize=10');
      const sent: string[] = [];
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const first = args[0];
        const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
        // "begin; select …" is two statements in one message.
        if (text) for (const part of text.split(';')) if (part.trim()) sent.push(part.trim().split(/\s+/)[0] ?? '');
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      try {
        sent.length = 0;
        expect((await c.get('/st365/messages/latest')).body.code).toBe(200);
        // The authentication is prepared once per pooled connection (SQL PREPARE) and executed.
        // The bell too, planned once per connection with a generic plan (txGenericStatement).
        expect(sent.filter((s) => s !== 'prepare')).toEqual(['begin', 'execute', 'set', 'execute', 'commit']);
        sent.length = 0;
        expect((await c.get('/st365/identity/users?current=1&pageSize=10')).body.code).toBe(200);
        expect(sent.length).toBeLessThanOrEqual(6);
        expect(sent.filter((s) => s === 'begin')).toHaveLength(1);
        // Signatures are recorded by the authentication statement, not by a statement of their own.
        expect(sent.filter((s) => s === 'insert')).toHaveLength(0);
      } finally {
        pg.Client.prototype.query = original;
      }
    },
  );

  it('leaves expired signatures to the job worker, which clears them for every tenant', async () => {
    if (t.db.kind === 'postgres') {
      await t.db.withTenant(tenant.id, (tx) =>
        tx.insert(usedSignatures).values([
          { tenantId: tenant.id, sign: 'expired-test', expiresAt: new Date(Date.now() - 1000) },
          { tenantId: tenant.id, sign: 'live-test', expiresAt: new Date(Date.now() + 60_000) },
        ]),
      );
    } else {
      authCache(t.db).claimSignature(tenant.id, 'expired-test', Date.now() - 1000);
    }
    expect(await clearExpiredSignatures(t.db)).toBeGreaterThanOrEqual(1);
    if (t.db.kind === 'postgres') {
      const left = await t.db.withTenant(tenant.id, (tx) =>
        tx.select({ sign: usedSignatures.sign }).from(usedSignatures).where(eq(usedSignatures.tenantId, tenant.id)),
      );
      expect(left.map((r) => r.sign)).toContain('live-test');
      expect(left.map((r) => r.sign)).not.toContain('expired-test');
    } else {
      expect(authCache(t.db).claimSignature(tenant.id, 'expired-test', Date.now() + 1000)).toBe(true);
    }
  });

  it('accepts a signature once across servers (replay guard shared through the database)', async () => {
    const { c, twin } = await loggedIn();
    const timestamp = Date.now();
    expect((await c.get('/st365/messages/latest', { timestamp })).body.code).toBe(200);
    expect((await twin.get('/st365/messages/latest', { timestamp })).body).toMatchObject({
      code: 403,
      msg: '请求重复提交，已拒绝',
    });
  });
});
