import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, createTestPerson, type TestClient, type TestContext } from '../../testing';
import { enqueueJob, registerJobKind } from './index';
import { registerStartTask } from './registry';

let failuresLeft = 0;
registerJobKind('test.flaky', async (ctx) => {
  await ctx.progress(50);
  if (failuresLeft > 0) {
    failuresLeft -= 1;
    throw new Error('模拟的故障');
  }
  return { rows: 1 };
});

describe('background jobs: progress, retries, restarts, and the user-list export', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let ta: { id: number; domain: string };
  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, ta } = await adminsOfTwoTenants(t));
  });
  afterAll(() => t.close());

  const stateOf = async (key: string) =>
    (
      (await t.db.withTenant(ta.id, (tx) =>
        tx.execute(sql`select state, rate, attempts, error, run_at, locked_until from jobs where key = ${key}`),
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows[0];

  it('exports a user list in the background; /common/process shows the rate, then the file to its owner only', async () => {
    for (let i = 0; i < 3; i++) await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
    const started = await a.post('/st365/identity/users/export-jobs', {});
    expect(started.body.msg).toBe('导出任务已开始');
    const key = started.body.data.key as string;
    const before = (await a.get(`/st365/common/process?key=${key}`)).body.data;
    expect(before).toMatchObject({ rate: 0, url: null, state: 'queued' });

    expect(await t.app.jobs.runOnce(ta.id)).toBe(true);
    const after = (await a.get(`/st365/common/process?key=${key}`)).body.data;
    expect(after).toMatchObject({ rate: 100, state: 'done' });
    expect(after.url).toBe(`/common/process/download?key=${key}`);

    const file = await a.get(`/st365${after.url}`);
    expect(file.raw.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('姓名');
    expect(sheet?.rowCount).toBe(5); // header, the administrator, three members

    expect((await b.get(`/st365/common/process?key=${key}`)).body.msg).toBe('任务不存在或已过期');
    expect((await b.get(`/st365${after.url}`)).body.msg).toBe('任务不存在或已过期');
    expect((await a.get('/st365/common/process?key=nothex')).body.msg).toContain('任务标识有误');
    expect(await t.app.jobs.runOnce(ta.id)).toBe(false);
  });

  it('retries a failing job after a growing wait, then fails it with the error kept', async () => {
    failuresLeft = 1;
    const { key } = await t.db.withTenant(ta.id, (tx) =>
      enqueueJob(tx, { tenantId: ta.id, userId: null, kind: 'test.flaky', payload: {}, maxAttempts: 2 }),
    );
    await t.app.jobs.runOnce(ta.id);
    const retry = await stateOf(key);
    expect(retry).toMatchObject({ state: 'queued', attempts: 1, error: '模拟的故障' });
    expect(new Date(retry?.run_at as string).getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing to run.
    expect(await t.app.jobs.runOnce(ta.id)).toBe(false);
    await t.db.withTenant(ta.id, (tx) => tx.execute(sql`update jobs set run_at = now() where key = ${key}`));
    await t.app.jobs.runOnce(ta.id);
    expect(await stateOf(key)).toMatchObject({ state: 'done', rate: 100, attempts: 2 });

    failuresLeft = 5;
    const failing = await t.db.withTenant(ta.id, (tx) =>
      enqueueJob(tx, { tenantId: ta.id, userId: null, kind: 'test.flaky', payload: {}, maxAttempts: 2 }),
    );
    await t.app.jobs.runOnce(ta.id);
    await t.db.withTenant(ta.id, (tx) => tx.execute(sql`update jobs set run_at = now() where key = ${failing.key}`));
    await t.app.jobs.runOnce(ta.id);
    expect(await stateOf(failing.key)).toMatchObject({ state: 'failed', attempts: 2, error: '模拟的故障' });
  });

  it('claims again a job whose worker died (its lease ran out)', async () => {
    failuresLeft = 0;
    const { key } = await t.db.withTenant(ta.id, (tx) =>
      enqueueJob(tx, { tenantId: ta.id, userId: null, kind: 'test.flaky', payload: {} }),
    );
    // A worker took it and the process died: running, lease in the past.
    await t.db.withTenant(ta.id, (tx) =>
      tx.execute(
        sql`update jobs set state = 'running', attempts = 1, locked_until = now() - interval '1 second' where key = ${key}`,
      ),
    );
    expect(await t.app.jobs.runOnce(ta.id)).toBe(true);
    expect(await stateOf(key)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('runs the modules’ start tasks when a worker starts; one that fails is logged and the others still run', async () => {
    const ran: string[] = [];
    registerStartTask('test-fails', async () => {
      throw new Error('模拟的故障');
    });
    registerStartTask('test-queues', async ({ db }) => {
      ran.push(db === t.db ? 'same database' : 'another database');
    });
    await t.app.jobs.runStartTasks();
    expect(ran).toEqual(['same database']);
  });
});
