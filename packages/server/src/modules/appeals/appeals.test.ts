import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../platform/auth/tables';
import { users } from '../../platform/directory/tables';
import { files } from '../../platform/files';
import { smsCodes, smsOutbox } from '../../platform/sms';
import {
  adminsOfTwoTenants,
  createTestApp,
  createTestPerson,
  lastSmsCode,
  TestClient,
  type TestContext,
} from '../../testing';
import { addTenantUser } from '../identity';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const ID = '11010519491231002X';

function form(name: string, data: Buffer, fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([data]), name);
  return f;
}

let seq = 0;
const newPhone = () =>
  `137${String(process.pid % 1000).padStart(3, '0')}${String((Date.now() + ++seq) % 100_000).padStart(5, '0')}`;

describe('人工申诉', () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let ta: { id: number; domain: string };
  let tb: { id: number; domain: string };
  beforeAll(async () => {
    t = await createTestApp();
    ({ a, b, ta, tb } = await adminsOfTwoTenants(t));
  });
  afterAll(() => t.close());

  /** A visitor on the tenant's domain proves a phone and uploads one proof, as the page does. */
  async function prepare(domain: string, tenantId: number, phone = newPhone()) {
    const visitor = new TestClient(t.app, domain);
    // A phone that appeals again: the minute between two codes is not what these tests are about.
    await t.db.asOwner((tx) => tx.delete(smsCodes).where(eq(smsCodes.phone, phone)));
    const deviceKey = `device-${phone}-abcdefgh`;
    await visitor.get(`/st365/project/phone/code?phoneNumber=${phone}`);
    const code = await lastSmsCode(t.db, tenantId, phone);
    const phoneToken = (await visitor.post('/st365/project/phone/code/check', { phoneNumber: phone, code })).body.data
      .phoneToken as string;
    const up = await visitor.upload('/st365/appeals/public/files', form('身份证.pdf', PDF, { deviceKey }));
    expect(up.body).toMatchObject({ code: 200, msg: '文件上传成功' });
    const appeal = {
      name: '申诉人甲',
      phoneNumber: phone,
      phoneToken,
      idNumber: ID.toLowerCase(),
      category: 'phone_lost',
      description: '原手机号已经停用，无法接收验证码登录。',
      proofIds: [Number(up.body.data.id)],
      contact: 'jia@example.com',
      deviceKey,
    };
    return { visitor, phone, deviceKey, appeal };
  }

  it('takes an appeal without a login: proved phone, own proofs, one pending per phone; staff are told', async () => {
    const { visitor, phone, deviceKey, appeal } = await prepare(ta.domain, ta.id);
    // Uploads: a program is refused, and a page's uploads need its key.
    const exe = await visitor.upload('/st365/appeals/public/files', form('证明.exe', EXE, { deviceKey }));
    expect(exe.body.msg).toBe('文件格式不符合规范！');
    const doc = await visitor.upload('/st365/appeals/public/files', form('证明.docx', PDF, { deviceKey }));
    expect(doc.body.msg).toBe('上传文件只能为jpg、jpeg、png、pdf格式');
    const keyless = await visitor.upload('/st365/appeals/public/files', form('a.pdf', PDF, {}));
    expect(keyless.body.msg).toBe('无法识别当前设备，请刷新页面后再上传');
    // Bad input in Chinese.
    const bad = await visitor.post('/st365/appeals/public', {
      ...appeal,
      idNumber: '110105194912310021',
      description: '太短',
    });
    expect(bad.body.msg).toContain('身份证格式错误');
    expect((await visitor.post('/st365/appeals/public', { ...appeal, proofIds: [] })).body.msg).toContain(
      '请上传证明材料',
    );
    // Another page's proofs are not this one's.
    expect(
      (await visitor.post('/st365/appeals/public', { ...appeal, deviceKey: 'another-device-key-123' })).body.msg,
    ).toBe('证明材料已失效，请重新上传');
    expect((await visitor.post('/st365/appeals/public', { ...appeal, phoneToken: 'x'.repeat(32) })).body.msg).toBe(
      '手机号验证已失效，请重新获取验证码',
    );

    const done = await visitor.post('/st365/appeals/public', appeal);
    expect(done.body).toMatchObject({ code: 200, msg: '申诉已提交，请牢记申诉编号，可凭编号和手机号查询处理结果' });
    const number = done.body.data.number as string;
    expect(number).toMatch(/^SS\d{14}$/);
    // The phone token is spent; and one phone has one pending appeal.
    const again = await prepare(ta.domain, ta.id, phone);
    expect((await again.visitor.post('/st365/appeals/public', again.appeal)).body.msg).toBe(
      `您已有待处理的申诉（编号${number}），请耐心等待处理结果`,
    );
    const list = (await a.get(`/st365/appeals?keyword=${number}`)).body.data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      name: '申诉人甲',
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      idNumber: '110105********002X',
      categoryName: '原手机号已停用或丢失',
      statusName: '待处理',
    });
    const detail = (await a.get(`/st365/appeals/${list.records[0].id}`)).body.data;
    expect(detail).toMatchObject({ phone, idNumber: ID, contact: 'jia@example.com', account: null });
    expect(detail.proofs).toEqual([{ id: appeal.proofIds[0], name: '身份证.pdf', fileSize: PDF.length }]);
    // Staff read the proof through the appeal.
    const file = await a.get(`/st365/appeals/${list.records[0].id}/proofs/${appeal.proofIds[0]}`);
    expect(file.raw.headers['content-type']).toBe('application/pdf');
    const bell = (await a.get('/st365/messages?current=1&pageSize=5')).body.data.records;
    expect(bell.some((m: { title: string }) => m.title === '新的人工申诉待处理')).toBe(true);
  });

  it('serves the proofs (ID-card scans) only through the appeal, to staff with the /appeal page', async () => {
    const { visitor, appeal } = await prepare(ta.domain, ta.id);
    const number = (await visitor.post('/st365/appeals/public', appeal)).body.data.number;
    const id = (await a.get(`/st365/appeals?keyword=${number}`)).body.data.records[0].id;
    const proof = appeal.proofIds[0] as number;
    const [row] = await t.db.withTenant(ta.id, (tx) =>
      tx.select({ purpose: files.purpose }).from(files).where(eq(files.id, proof)),
    );
    expect(row?.purpose).toBe('appeals.proof');
    // A member of the tenant cannot read it by its (sequential) id, nor through the appeal.
    const person = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
    const member = new TestClient(t.app, ta.domain);
    await member.loginAs(person.mobile as string, person.password);
    const byId = await member.get(`/st365/systemfile/files/${proof}`);
    expect(byId.body).toMatchObject({ success: false, msg: '文件不存在' });
    expect((await member.get(`/st365/appeals/${id}/proofs/${proof}`)).body.code).toBe(100002);
    // Nor do staff reach it by the general route: only through the appeal it belongs to.
    expect((await a.get(`/st365/systemfile/files/${proof}`)).body.msg).toBe('文件不存在');
    const staff = await a.get(`/st365/appeals/${id}/proofs/${proof}`);
    expect(staff.raw.headers['content-type']).toBe('application/pdf');
    expect(staff.raw.headers['cache-control']).toBe('private, max-age=300');
    expect(Buffer.compare(staff.raw.rawPayload, PDF)).toBe(0);
    const elsewhere = await prepare(ta.domain, ta.id);
    expect((await a.get(`/st365/appeals/${id}/proofs/${elsewhere.appeal.proofIds[0]}`)).body.msg).toBe('文件不存在');
    // Another tenant can do neither.
    expect((await b.get(`/st365/appeals/${id}/proofs/${proof}`)).body.msg).toBe('申诉不存在');
    expect((await b.get(`/st365/systemfile/files/${proof}`)).body.msg).toBe('文件不存在');
    // A general file (an avatar, a form's picture) is still read by anyone logged in to the tenant.
    const general = await member.upload('/st365/systemfile/upload', form('头像.pdf', PDF, {}));
    expect((await a.get(`/st365${general.body.data.url}`)).raw.headers['content-type']).toBe('application/pdf');
  });

  it('holds the upload limits also for uploads at the same moment', async () => {
    const visitor = new TestClient(t.app, ta.domain);
    const deviceKey = 'rushing-device-key-0123456789';
    const answers = await Promise.all(
      Array.from({ length: 26 }, (_, i) =>
        visitor.upload('/st365/appeals/public/files', form(`r${i}.pdf`, PDF, { deviceKey })),
      ),
    );
    const msgs = answers.map((r) => r.body.msg);
    expect(msgs.filter((m) => m === '文件上传成功')).toHaveLength(20);
    expect(msgs.filter((m) => m === '上传次数过多，请稍后再试')).toHaveLength(6);
  });

  it('limits uploads without a login: twenty an hour from one page', async () => {
    const visitor = new TestClient(t.app, ta.domain);
    const deviceKey = 'busy-device-key-0123456789';
    for (let i = 0; i < 20; i++) {
      const up = await visitor.upload('/st365/appeals/public/files', form(`p${i}.pdf`, PDF, { deviceKey }));
      expect(up.body.code).toBe(200);
    }
    const over = await visitor.upload('/st365/appeals/public/files', form('p20.pdf', PDF, { deviceKey }));
    expect(over.body.msg).toBe('上传次数过多，请稍后再试');
  });

  it('lets the person look the appeal up by number and phone only, and stops guessing', async () => {
    const { visitor, phone, appeal } = await prepare(ta.domain, ta.id);
    const number = (await visitor.post('/st365/appeals/public', appeal)).body.data.number;
    const found = await new TestClient(t.app, ta.domain).post('/st365/appeals/public/lookup', {
      number: number.toLowerCase(),
      phoneNumber: phone,
    });
    expect(found.body.data).toMatchObject({ number, name: '申***', statusName: '待处理', result: '' });
    expect(JSON.stringify(found.body.data)).not.toContain(ID);
    // Another tenant's domain has no such appeal; bad input is answered in Chinese.
    const other = new TestClient(t.app, tb.domain);
    expect((await other.post('/st365/appeals/public/lookup', { number, phoneNumber: phone })).body.msg).toBe(
      '未找到该申诉，请核对申诉编号和手机号',
    );
    expect(
      (await other.post('/st365/appeals/public/lookup', { number: 'abc', phoneNumber: phone })).body.msg,
    ).toContain('申诉编号格式不正确');
    const guesser = new TestClient(t.app, ta.domain);
    for (let i = 0; i < 10; i++) {
      expect(
        (await guesser.post('/st365/appeals/public/lookup', { number, phoneNumber: '13800009999' })).body.msg,
      ).toBe('未找到该申诉，请核对申诉编号和手机号');
    }
    // The guesser is stopped for a while, even with the right phone...
    expect((await guesser.post('/st365/appeals/public/lookup', { number, phoneNumber: phone })).body.msg).toBe(
      '查询次数过多，请15分钟后再试',
    );
    // ...but the owner, from their own address, is not locked out by a stranger's guesses.
    expect(
      (await visitor.post('/st365/appeals/public/lookup', { number, phoneNumber: phone })).body.data,
    ).toMatchObject({ number, statusName: '待处理' });
  });

  it('counts failed look-ups made at the same moment one by one', async () => {
    const guesser = new TestClient(t.app, ta.domain);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        guesser.post('/st365/appeals/public/lookup', {
          number: `SS20990101${String(100_000 + i)}`,
          phoneNumber: '13800009999',
        }),
      ),
    );
    const msgs = answers.map((r) => r.body.msg);
    expect(msgs.filter((m) => m === '未找到该申诉，请核对申诉编号和手机号')).toHaveLength(10);
    expect(msgs.filter((m) => m === '查询次数过多，请15分钟后再试')).toHaveLength(6);
  });

  it('accepts with the action taken: the account gets the appeal phone; the person is told by SMS and message', async () => {
    const person = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
    const { visitor, phone, appeal } = await prepare(ta.domain, ta.id);
    const number = (await visitor.post('/st365/appeals/public', appeal)).body.data.number;
    const id = (await a.get(`/st365/appeals?keyword=${number}`)).body.data.records[0].id;
    // Staff find the account by name or phone.
    const accounts = (await a.get(`/st365/appeals/${id}/accounts?keyword=${person.mobile}`)).body.data;
    expect(accounts).toEqual([
      expect.objectContaining({ userId: person.userId, identities: '个人会员', matches: false, locked: false }),
    ]);
    expect((await a.post(`/st365/appeals/${id}/accept`, { action: 'change_phone' })).body.msg).toContain(
      '请选择要处理的账号',
    );
    expect((await a.post(`/st365/appeals/${id}/accept`, { action: 'other', remark: '' })).body.msg).toContain(
      '请填写处理说明',
    );
    // Another tenant's administrator can neither see nor handle it, nor act on this tenant's people.
    expect((await b.get(`/st365/appeals/${id}`)).body.msg).toBe('申诉不存在');
    expect((await b.get(`/st365/appeals?keyword=${number}`)).body.data.total).toBe(0);
    expect((await b.post(`/st365/appeals/${id}/accept`, { action: 'unlock', userId: person.userId })).body.msg).toBe(
      '申诉不存在',
    );
    expect((await b.post(`/st365/appeals/${id}/refuse`, { reason: '不是本人' })).body.msg).toBe('申诉不存在');

    const accepted = await a.post(`/st365/appeals/${id}/accept`, { action: 'change_phone', userId: person.userId });
    expect(accepted.body.msg).toBe('已受理，已短信告知申诉人');
    const [row] = await t.db.asOwner((tx) =>
      tx.select({ mobile: users.mobile }).from(users).where(eq(users.id, person.userId)),
    );
    expect(row?.mobile).toBe(phone);
    const detail = (await a.get(`/st365/appeals/${id}`)).body.data;
    expect(detail).toMatchObject({
      statusName: '已受理',
      actionName: '更换登录手机号',
      result: '已将账号的登录手机号更换为申诉时验证的手机号',
      account: { userId: person.userId },
    });
    expect((await a.post(`/st365/appeals/${id}/refuse`, { reason: '重复' })).body.msg).toBe('该申诉已处理');
    const sms = await t.db.asOwner((tx) =>
      tx.select({ content: smsOutbox.content }).from(smsOutbox).where(eq(smsOutbox.phone, phone)),
    );
    expect(sms.some((s) => s.content.includes(`您的申诉（编号${number}）已受理`))).toBe(true);
    // The person logs in with the new phone and finds the message.
    const member = new TestClient(t.app, ta.domain);
    await member.loginAs(phone, person.password);
    const messages = (await member.get('/st365/messages?current=1&pageSize=5')).body.data.records;
    expect(messages[0]).toMatchObject({ title: '人工申诉已受理' });
    const result = (await visitor.post('/st365/appeals/public/lookup', { number, phoneNumber: phone })).body.data;
    expect(result).toMatchObject({ statusName: '已受理', actionName: '更换登录手机号' });
  });

  it("refuses with a reason; the phone of another person is never taken; 解除锁定 lifts a person's lock", async () => {
    const { visitor, phone, appeal } = await prepare(ta.domain, ta.id);
    const number = (await visitor.post('/st365/appeals/public', appeal)).body.data.number;
    const id = (await a.get(`/st365/appeals?keyword=${number}`)).body.data.records[0].id;
    const holder = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }], mobile: phone });
    const someone = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
    // The phone belongs to the holder: it cannot be given to someone else.
    expect(
      (await a.post(`/st365/appeals/${id}/accept`, { action: 'change_phone', userId: someone.userId })).body.msg,
    ).toBe('该手机号已被其他账号使用，无法更换');
    const suggestions = (await a.get(`/st365/appeals/${id}/accounts`)).body.data;
    expect(suggestions).toEqual([expect.objectContaining({ userId: holder.userId, matches: true })]);
    await t.db.asOwner((tx) =>
      tx
        .update(users)
        .set({ lockedUntil: new Date(Date.now() + 600_000) })
        .where(eq(users.id, holder.userId)),
    );
    expect((await a.get(`/st365/appeals/${id}/accounts`)).body.data[0].locked).toBe(true);
    expect((await a.post(`/st365/appeals/${id}/refuse`, { reason: '' })).body.msg).toContain('请填写驳回原因');
    await a.post(`/st365/appeals/${id}/accept`, { action: 'unlock', userId: holder.userId, remark: '已核实身份' });
    expect((await new TestClient(t.app, ta.domain).login(phone, holder.password)).body.code).toBe(200);
    expect((await a.get(`/st365/appeals/${id}`)).body.data).toMatchObject({
      actionName: '解除账号锁定',
      result: '已核实身份',
    });

    const second = await prepare(ta.domain, ta.id);
    const n2 = (await second.visitor.post('/st365/appeals/public', second.appeal)).body.data.number;
    const id2 = (await a.get(`/st365/appeals?keyword=${n2}`)).body.data.records[0].id;
    expect((await a.post(`/st365/appeals/${id2}/refuse`, { reason: '证明材料不清晰，请重新提交' })).body.msg).toBe(
      '已驳回，已短信告知申诉人',
    );
    const read = (await second.visitor.post('/st365/appeals/public/lookup', { number: n2, phoneNumber: second.phone }))
      .body.data;
    expect(read).toMatchObject({ statusName: '已驳回', result: '证明材料不清晰，请重新提交' });
    // Refused: the phone may appeal again.
    const third = await prepare(ta.domain, ta.id, second.phone);
    expect((await third.visitor.post('/st365/appeals/public', third.appeal)).body.code).toBe(200);
    expect(
      (await a.get('/st365/appeals?status=2&pageSize=100')).body.data.records.map((r: { id: number }) => r.id),
    ).toContain(id2);
  });

  it('keeps one pending appeal per phone, and each proof with one appeal, also when submitted at once', async () => {
    const first = await prepare(ta.domain, ta.id);
    const again = await prepare(ta.domain, ta.id, first.phone);
    const both = await Promise.all([
      first.visitor.post('/st365/appeals/public', first.appeal),
      again.visitor.post('/st365/appeals/public', again.appeal),
    ]);
    const msgs = both.map((r) => r.body.msg as string);
    expect(msgs.filter((m) => m.startsWith('申诉已提交'))).toHaveLength(1);
    expect(msgs.filter((m) => m.startsWith('您已有待处理的申诉'))).toHaveLength(1);
    // Two phones, one page's proof: only one appeal takes it.
    const x = await prepare(ta.domain, ta.id);
    const y = await prepare(ta.domain, ta.id);
    const shared = { ...y.appeal, deviceKey: x.deviceKey, proofIds: x.appeal.proofIds };
    const taken = await Promise.all([
      x.visitor.post('/st365/appeals/public', x.appeal),
      y.visitor.post('/st365/appeals/public', shared),
    ]);
    expect(taken.map((r) => r.body.msg as string).sort()).toEqual(
      ['申诉已提交，请牢记申诉编号，可凭编号和手机号查询处理结果', '证明材料已失效，请重新上传'].sort(),
    );
  });

  it('changes a login phone only for a person of this tenant alone, never to the handler’s own, and logs them out everywhere', async () => {
    const appealOf = async (phone?: string) => {
      const p = await prepare(ta.domain, ta.id, phone);
      const number = (await p.visitor.post('/st365/appeals/public', p.appeal)).body.data.number;
      return { ...p, id: (await a.get(`/st365/appeals?keyword=${number}`)).body.data.records[0].id as number };
    };
    const mobileOf = async (userId: number) =>
      (await t.db.asOwner((tx) => tx.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId))))[0]
        ?.mobile;
    const accept = (id: number, userId: number) =>
      a.post(`/st365/appeals/${id}/accept`, { action: 'change_phone', userId });

    // A person who belongs to another tenant too: the phone is their login there as well.
    const shared = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
    await t.db.withTenant(tb.id, (tx) => addTenantUser(tx, tb.id, shared.userId));
    const first = await appealOf();
    expect((await accept(first.id, shared.userId)).body).toMatchObject({
      success: false,
      msg: '该账号同时属于其他机构，更换登录手机号会影响其在其他机构的登录，不能在本机构通过人工申诉更换',
    });
    expect(await mobileOf(shared.userId)).toBe(shared.mobile);
    // An operations super administrator.
    const operator = await createTestPerson(t.db, ta.id, { identities: [{ code: 4 }], isSuperAdmin: true });
    expect((await accept(first.id, operator.userId)).body.msg).toBe(
      '该账号是平台运营管理员账号，不能通过人工申诉更换登录手机号',
    );
    expect(await mobileOf(operator.userId)).toBe(operator.mobile);
    // The handler's own phone: an administrator cannot appeal with it and hand it to someone.
    const own = (await mobileOf(a.userId as number)) as string;
    const selfMade = await appealOf(own);
    const target = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
    expect((await accept(selfMade.id, target.userId)).body.msg).toBe(
      '申诉所用的手机号是您本人的手机号，不能由您为他人更换登录手机号',
    );
    expect(await mobileOf(target.userId)).toBe(target.mobile);
    expect((await a.get(`/st365/appeals/${first.id}`)).body.data.statusName).toBe('待处理');

    // A person of this tenant alone: changed, and every session of theirs ends, in every tenant.
    const here = new TestClient(t.app, ta.domain);
    await here.loginAs(target.mobile as string, target.password);
    const there = new TestClient(t.app, tb.domain);
    expect((await there.login(target.mobile as string, target.password)).body.success).toBe(true);
    expect((await there.get('/st365/auth/session')).body.code).toBe(200);
    expect((await accept(first.id, target.userId)).body.msg).toBe('已受理，已短信告知申诉人');
    expect(await mobileOf(target.userId)).toBe(first.phone);
    for (const c of [here, there]) {
      expect((await c.get('/st365/auth/session')).body.msg).toBe('账号的登录手机号已更换，请重新登录');
    }
    const open = await t.db.asOwner((tx) =>
      tx
        .select({ n: sql<number>`count(*)` })
        .from(sessions)
        .where(sql`${sessions.userId} = ${target.userId} and ${sessions.revokedAt} is null`),
    );
    expect(Number(open[0]?.n)).toBe(0);
    // Who changed it, of which account, from what phone: the appeal keeps it.
    const detail = (await a.get(`/st365/appeals/${first.id}`)).body.data;
    expect(detail).toMatchObject({
      account: { userId: target.userId },
      previousPhone: `${(target.mobile as string).slice(0, 3)}****${(target.mobile as string).slice(7)}`,
      handlerName: expect.any(String),
    });
    expect(detail.handlerName).not.toBe('');
  });

  it('is handled once when two staff accept it at the same moment for two accounts', async () => {
    const { visitor, phone, appeal } = await prepare(ta.domain, ta.id);
    const number = (await visitor.post('/st365/appeals/public', appeal)).body.data.number;
    const id = (await a.get(`/st365/appeals?keyword=${number}`)).body.data.records[0].id;
    const first = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
    const second = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
    const answers = await Promise.all(
      [first, second].map((p) => a.post(`/st365/appeals/${id}/accept`, { action: 'change_phone', userId: p.userId })),
    );
    expect(answers.map((r) => r.body.msg).sort()).toEqual(['已受理，已短信告知申诉人', '该申诉已处理'].sort());
    const owners = await t.db.asOwner((tx) => tx.select({ id: users.id }).from(users).where(eq(users.mobile, phone)));
    expect(owners).toHaveLength(1);
    const sms = await t.db.asOwner((tx) =>
      tx.select({ content: smsOutbox.content }).from(smsOutbox).where(eq(smsOutbox.phone, phone)),
    );
    expect(sms.filter((s) => s.content.includes('已受理'))).toHaveLength(1);
  });

  it('is for those with the page: a member is refused; the list exports as a job', async () => {
    const member = await createTestPerson(t.db, ta.id, { identities: [{ code: 12 }] });
    const client = new TestClient(t.app, ta.domain);
    await client.loginAs(member.mobile as string, member.password);
    expect((await client.get('/st365/appeals')).body.code).toBe(100002);
    expect((await client.post('/st365/appeals/1/refuse', { reason: 'x' })).body.code).toBe(100002);
    const job = await a.post('/st365/appeals/export-jobs', { status: 0 });
    expect(job.body.msg).toBe('导出任务已开始');
    while (await t.app.jobs.runOnce(ta.id)) {
      // run the export
    }
    const progress = (await a.get(`/st365/common/process?key=${job.body.data.key}`)).body.data;
    expect(progress).toMatchObject({ rate: 100 });
    expect(progress.url).toContain('/common/process/download');
    // Another tenant cannot follow it.
    expect((await b.get(`/st365/common/process?key=${job.body.data.key}`)).body.code).not.toBe(200);
  });
});
