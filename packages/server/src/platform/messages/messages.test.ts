import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, createTestPerson, TestClient, type TestContext } from '../../testing';
import { queryRows } from '../db';
import { sendMessage } from './service';

describe('in-site messages', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let ta: { id: number; domain: string };
  let member: TestClient;
  let memberPerson: Awaited<ReturnType<typeof createTestPerson>>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, ta } = await adminsOfTwoTenants(t));
    memberPerson = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
    member = new TestClient(t.app, ta.domain);
    await member.loginAs(memberPerson.mobile as string, memberPerson.password);
  });
  afterAll(() => t.close());

  const send = (to: Parameters<typeof sendMessage>[3], title: string) =>
    t.db.withTenant(ta.id, (tx) => sendMessage(tx, ta.id, 'export.done', to, { title, body: `${title}的内容` }));

  it('reaches a person, an identity, a role and the whole tenant; opening marks read', async () => {
    await send({ userId: memberPerson.userId }, '给个人');
    await send({ identityId: memberPerson.identityIds[0] as number }, '给身份');
    await send({ roleName: '管理员' }, '给管理员角色');
    await send({ tenant: true }, '全体通知');

    const mine = (await member.get('/st365/messages')).body.data;
    expect(mine.records.map((m: { title: string }) => m.title)).toEqual(['全体通知', '给身份', '给个人']);
    const admins = (await a.get('/st365/messages')).body.data;
    expect(admins.records.map((m: { title: string }) => m.title)).toEqual(['全体通知', '给管理员角色']);

    const bell = (await member.get('/st365/messages/latest')).body.data;
    expect(bell.unread).toBe(3);
    expect(bell.list).toHaveLength(3);
    expect(bell.list[0]).toMatchObject({ title: '全体通知', status: 0 });

    const first = mine.records[0] as { id: number; wid: string };
    const opened = (await member.get(`/st365/messages/detail?wid=${first.wid}&id=${first.id}`)).body.data;
    expect(opened).toMatchObject({ title: '全体通知', body: '全体通知的内容', status: 1 });
    expect((await member.get('/st365/messages?status=0')).body.data.total).toBe(2);
    expect((await a.get('/st365/messages?status=0')).body.data.total).toBe(2);
    expect((await member.post('/st365/messages/read-all')).body.data.count).toBe(2);
    expect((await member.get('/st365/messages/latest')).body.data.unread).toBe(0);
    const exported = await member.get('/st365/messages/export');
    expect(exported.raw.headers['content-type']).toContain('spreadsheetml');
  });

  it('marks read only what the person sees, counting repeats once, and logs the change with it', async () => {
    const id = (await send({ userId: memberPerson.userId }, '标记已读')) as number;
    const res = await member.post('/st365/messages/read', { ids: [id, id, 999_999_999] });
    expect(res.body.data.count).toBe(1);
    expect((await member.post('/st365/messages/read', { ids: [id] })).body.data.count).toBe(1);
    expect((await member.get('/st365/messages?keyword=标记已读')).body.data.records[0].status).toBe(1);
    // Written in the transaction that marked them, so it is there when the answer is.
    const logs = await t.db.withTenant(ta.id, (tx) =>
      queryRows<{ status_code: number; result_code: number | null; duration_ms: number }>(
        tx,
        sql`select status_code, result_code, duration_ms from operation_logs
            where user_id = ${memberPerson.userId} and path = '/st365/messages/read' order by id`,
      ),
    );
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({ status_code: 200, result_code: null });
    expect(logs[0]?.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('another tenant or another person cannot open or mark a message', async () => {
    const id = (await send({ userId: memberPerson.userId }, '私信')) as number;
    const [row] = (await member.get('/st365/messages?keyword=私信')).body.data.records as { wid: string }[];
    expect((await b.get(`/st365/messages/detail?wid=${row?.wid}&id=${id}`)).body.msg).toBe('消息不存在');
    expect((await a.get(`/st365/messages/detail?wid=${row?.wid}&id=${id}`)).body.msg).toBe('消息不存在');
    expect((await b.post('/st365/messages/read', { ids: [id] })).body.data.count).toBe(0);
    expect((await member.get('/st365/messages?keyword=私信')).body.data.records[0].status).toBe(0);
    expect((await member.get('/st365/messages/detail?wid=zz&id=1')).body.msg).toContain('消息不存在');
  });

  it('/messageSetting turns an event off for the tenant; then it sends nothing', async () => {
    const list = (await a.get('/st365/messages/settings')).body.data.list;
    expect(list.find((s: { event: string }) => s.event === 'export.done')).toMatchObject({
      enabled: true,
      sms: false,
      name: '导出完成',
    });
    expect((await a.call('PUT', '/st365/messages/settings', { event: 'export.done', enabled: false })).body.msg).toBe(
      '保存成功',
    );
    expect(await send({ userId: memberPerson.userId }, '不会发出')).toBeNull();
    // Changing one switch keeps the other.
    expect((await a.get('/st365/messages/settings')).body.data.list).toContainEqual(
      expect.objectContaining({ event: 'export.done', enabled: false, sms: false }),
    );
    expect((await a.call('PUT', '/st365/messages/settings', { event: 'nothing', enabled: true })).body.msg).toBe(
      '消息类型不存在',
    );
    expect((await b.get('/st365/messages/settings')).body.data.list.every((s: { enabled: boolean }) => s.enabled)).toBe(
      true,
    );
    expect((await member.get('/st365/messages/settings')).body.code).toBe(100002);
    await a.call('PUT', '/st365/messages/settings', { event: 'export.done', enabled: true });
  });
});
