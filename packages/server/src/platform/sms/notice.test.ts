import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminsOfTwoTenants,
  createTestApp,
  createTestPerson,
  createTestTenant,
  type TestClient,
  type TestContext,
} from '../../testing';
import type { AppDatabase } from '../db';
import { notifyIdentityBySms, notifyUserBySms, queueSmsNotice, SMS_NOTICE_ATTEMPTS } from './index';
import { smsOutbox } from './tables';

let counter = 0;
/** A phone no other test file uses. */
const newPhone = () =>
  `137${String(process.pid % 100).padStart(2, '0')}${String((Date.now() + ++counter) % 1_000_000).padStart(6, '0')}`;

const outboxOf = (db: AppDatabase, tenantId: number, phone: string) =>
  db.withTenant(tenantId, (tx) =>
    tx
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.tenantId, tenantId), eq(smsOutbox.phone, phone)))
      .orderBy(smsOutbox.id),
  );

/** The sms.notice jobs of a tenant, oldest first. */
const noticeJobs = async (db: AppDatabase, tenantId: number) =>
  (
    (await db.withTenant(tenantId, (tx) =>
      tx.execute(
        sql`select key, state, attempts, error, run_at from jobs where tenant_id = ${tenantId} and kind = 'sms.notice' order by id`,
      ),
    )) as unknown as { rows: { key: string; state: string; attempts: number; error: string; run_at: string }[] }
  ).rows;

const queue = (db: AppDatabase, tenantId: number, phone: string | null, content: string) =>
  db.withTenant(tenantId, (tx) => queueSmsNotice(tx, tenantId, { phone, content }));

describe('SMS notices: queued with the change, sent by a job, switched per event at /messageSetting', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let ta: { id: number; domain: string };
  let tb: { id: number; domain: string };
  let member: Awaited<ReturnType<typeof createTestPerson>>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, ta, tb } = await adminsOfTwoTenants(t));
    member = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
  });
  afterAll(() => t.close());

  it('records a queued notice in the tenant’s name; the job sends it after commit and marks it sent', async () => {
    const phone = newPhone();
    expect(await queue(t.db, ta.id, `+86${phone}`, '您的申报《智能传感器》已退回修改，请登录系统查看。')).toBe(true);
    const [queued] = await outboxOf(t.db, ta.id, phone);
    expect(queued).toMatchObject({ template: 'notice', status: 'queued', provider: '', error: '' });
    expect(queued?.content).toMatch(/^【测试租户[^】]+】您的申报《智能传感器》已退回修改，请登录系统查看。$/);

    // A change that rolls back takes its notice back: nothing was sent before the commit.
    const undone = newPhone();
    await t.db
      .withTenant(ta.id, async (tx) => {
        await queueSmsNotice(tx, ta.id, { phone: undone, content: '不会发出' });
        throw new Error('回滚');
      })
      .catch(() => undefined);
    expect(await outboxOf(t.db, ta.id, undone)).toEqual([]);
    expect(await noticeJobs(t.db, ta.id)).toHaveLength(1);

    expect(await t.app.jobs.runOnce(ta.id)).toBe(true);
    const [sent] = await outboxOf(t.db, ta.id, phone);
    expect(sent).toMatchObject({ status: 'sent', provider: 'dev', error: '', content: queued?.content });
    expect((await noticeJobs(t.db, ta.id))[0]).toMatchObject({ state: 'done', attempts: 1 });
    expect(await t.app.jobs.runOnce(ta.id)).toBe(false);
  });

  it('skips a missing or invalid phone and an empty text, silently', async () => {
    const before = (await noticeJobs(t.db, ta.id)).length;
    expect(await queue(t.db, ta.id, null, '有内容')).toBe(false);
    expect(await queue(t.db, ta.id, '', '有内容')).toBe(false);
    expect(await queue(t.db, ta.id, '12345', '有内容')).toBe(false);
    expect(await queue(t.db, ta.id, newPhone(), '  \n ')).toBe(false);
    expect(await noticeJobs(t.db, ta.id)).toHaveLength(before);
  });

  it('an event’s SMS is off until the tenant turns it on; the in-site switch is separate', async () => {
    const notifyMember = () =>
      t.db.withTenant(ta.id, (tx) =>
        notifyUserBySms(
          tx,
          ta.id,
          member.userId,
          'project.declaration',
          '您的申报《节能装备》已通过审核，请登录系统查看。',
        ),
      );
    const settings = async (c: TestClient) =>
      (await c.get('/st365/messages/settings')).body.data.list as { event: string; enabled: boolean; sms: boolean }[];
    expect((await settings(a)).every((s) => s.enabled && !s.sms)).toBe(true);
    expect(await notifyMember()).toBe(false);
    expect(
      await t.db.withTenant(ta.id, (tx) =>
        queueSmsNotice(tx, ta.id, { phone: member.mobile, content: '关着', event: 'project.declaration' }),
      ),
    ).toBe(false);
    expect(await outboxOf(t.db, ta.id, member.mobile as string)).toEqual([]);

    expect((await a.put('/st365/messages/settings', { event: 'project.declaration' })).body.msg).toContain(
      '请选择是否开启',
    );
    expect((await a.put('/st365/messages/settings', { event: 'project.declaration', sms: true })).body.msg).toBe(
      '保存成功',
    );
    expect((await settings(a)).find((s) => s.event === 'project.declaration')).toMatchObject({
      enabled: true,
      sms: true,
    });
    expect(await notifyMember()).toBe(true);
    expect(
      await t.db.withTenant(ta.id, (tx) =>
        notifyIdentityBySms(tx, ta.id, member.identityIds[0] as number, 'project.declaration', '给身份的通知'),
      ),
    ).toBe(true);
    expect(
      (await outboxOf(t.db, ta.id, member.mobile as string)).map((r) => r.content.replace(/^【[^】]+】/, '')),
    ).toEqual(['您的申报《节能装备》已通过审核，请登录系统查看。', '给身份的通知']);
    // Another event keeps its own switch.
    expect(
      await t.db.withTenant(ta.id, (tx) => notifyUserBySms(tx, ta.id, member.userId, 'project.review', '评审任务')),
    ).toBe(false);

    // The in-site message turned off keeps the SMS on, and the other way round.
    await a.put('/st365/messages/settings', { event: 'project.declaration', enabled: false });
    expect((await settings(a)).find((s) => s.event === 'project.declaration')).toMatchObject({
      enabled: false,
      sms: true,
    });
    await a.put('/st365/messages/settings', { event: 'project.declaration', enabled: true });

    // A person without a phone, or of another tenant, gets nothing (the other tenant's switch on too).
    const noPhone = await createTestPerson(t.db, ta.id, { mobile: null });
    expect(
      await t.db.withTenant(ta.id, (tx) => notifyUserBySms(tx, ta.id, noPhone.userId, 'project.declaration', '无号码')),
    ).toBe(false);
    expect((await settings(b)).every((s) => !s.sms)).toBe(true);
    await b.put('/st365/messages/settings', { event: 'project.declaration', sms: true });
    expect(
      await t.db.withTenant(tb.id, (tx) => notifyUserBySms(tx, tb.id, member.userId, 'project.declaration', '越界')),
    ).toBe(false);
    expect(await outboxOf(t.db, tb.id, member.mobile as string)).toEqual([]);
  });

  it('the outbox shows a tenant its own notices, queued or sent; another tenant sees none of them', async () => {
    const phone = newPhone();
    await queue(t.db, ta.id, phone, '您有新的评审任务，请登录系统查看。');
    const page = (await a.get(`/st365/sms/outbox?keyword=${phone.slice(-6)}`)).body.data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      template: 'notice',
      status: 'queued',
      phone: expect.stringMatching(/\*{4}/),
    });
    expect((await b.get(`/st365/sms/outbox?keyword=${phone.slice(-6)}`)).body.data.total).toBe(0);
    expect((await b.get('/st365/sms/outbox?keyword=评审任务')).body.data.total).toBe(0);
    // The other tenant's worker pass finds no job of this tenant; this tenant's sends it.
    expect(await t.app.jobs.runOnce(tb.id)).toBe(false);
    while (await t.app.jobs.runOnce(ta.id)) {
      // every queued notice of the tenant
    }
    expect((await a.get(`/st365/sms/outbox?keyword=${phone.slice(-6)}`)).body.data.records[0].status).toBe('sent');
  });
});

describe('SMS notices through a real provider', () => {
  const ALIYUN = {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'testId',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'testSecret',
    ALIYUN_SMS_SIGN_NAME: '示范科协',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_CODE_1',
    ALIYUN_SMS_NOTICE_TEMPLATE_CODE: 'SMS_NOTICE_1',
  };
  const TENCENT = {
    SMS_PROVIDER: 'tencent',
    TENCENT_SMS_SECRET_ID: 'AKIDexample',
    TENCENT_SMS_SECRET_KEY: 'secret-key-example',
    TENCENT_SMS_SDK_APP_ID: '1400000000',
    TENCENT_SMS_SIGN_NAME: '示范科协',
    TENCENT_SMS_TEMPLATE_ID: '1234567',
  };
  const apps: TestContext[] = [];
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('keeps a provider’s refusal on the row and retries after a growing wait; the last try fails it', async () => {
    const t = await createTestApp(ALIYUN);
    apps.push(t);
    const tenant = await createTestTenant(t.db);
    const urls: URL[] = [];
    let answer = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' } as Record<string, string>;
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(new URL(url));
      return new Response(JSON.stringify(answer));
    });

    const phone = newPhone();
    await queue(t.db, tenant.id, phone, '您的申报《新材料》未通过审核，请登录系统查看。');
    expect(await t.app.jobs.runOnce(tenant.id)).toBe(true);
    expect(urls[0]?.searchParams.get('TemplateCode')).toBe('SMS_NOTICE_1');
    expect(JSON.parse(urls[0]?.searchParams.get('TemplateParam') ?? '')).toEqual({
      content: '您的申报《新材料》未通过审核，请登录系统查看。',
    });
    const [retrying] = await outboxOf(t.db, tenant.id, phone);
    expect(retrying).toMatchObject({
      status: 'queued',
      provider: 'aliyun',
      error: 'isv.BUSINESS_LIMIT_CONTROL: 触发分钟级流控',
    });
    const [job] = await noticeJobs(t.db, tenant.id);
    expect(job).toMatchObject({
      state: 'queued',
      attempts: 1,
      error: '短信发送失败：isv.BUSINESS_LIMIT_CONTROL: 触发分钟级流控',
    });
    expect(new Date(job?.run_at as string).getTime()).toBeGreaterThan(Date.now());
    expect(await t.app.jobs.runOnce(tenant.id)).toBe(false);

    // The tries before the last one have gone the same way.
    await t.db.withTenant(tenant.id, (tx) =>
      tx.execute(
        sql`update jobs set run_at = now(), attempts = ${SMS_NOTICE_ATTEMPTS - 1} where tenant_id = ${tenant.id} and key = ${job?.key}`,
      ),
    );
    expect(await t.app.jobs.runOnce(tenant.id)).toBe(true);
    expect((await outboxOf(t.db, tenant.id, phone))[0]).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('流控'),
    });
    expect((await noticeJobs(t.db, tenant.id))[0]).toMatchObject({ state: 'failed', attempts: SMS_NOTICE_ATTEMPTS });

    // The provider accepts the next one.
    answer = { Code: 'OK', BizId: '900619746936498440^0' };
    const next = newPhone();
    await queue(t.db, tenant.id, next, '评审任务：2026年度项目，请登录系统查看。');
    expect(await t.app.jobs.runOnce(tenant.id)).toBe(true);
    expect((await outboxOf(t.db, tenant.id, next))[0]).toMatchObject({ status: 'sent', provider: 'aliyun', error: '' });
  });

  it('fails a notice at once, with the Chinese reason on the row, when no notice template is configured', async () => {
    const t = await createTestApp(TENCENT);
    apps.push(t);
    const tenant = await createTestTenant(t.db);
    const fetched = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetched);
    const phone = newPhone();
    await queue(t.db, tenant.id, phone, '您的申报《节能装备》已通过审核，请登录系统查看。');
    expect(await t.app.jobs.runOnce(tenant.id)).toBe(true);
    expect((await outboxOf(t.db, tenant.id, phone))[0]).toMatchObject({
      status: 'failed',
      provider: 'tencent',
      error: '未配置通知短信模板（TENCENT_SMS_NOTICE_TEMPLATE_ID），通知短信未发送',
    });
    // Trying again cannot mend a configuration: the job ends, and nothing was asked of the provider.
    expect((await noticeJobs(t.db, tenant.id))[0]).toMatchObject({ state: 'done', attempts: 1 });
    expect(await t.app.jobs.runOnce(tenant.id)).toBe(false);
    expect(fetched).not.toHaveBeenCalled();
  });
});
