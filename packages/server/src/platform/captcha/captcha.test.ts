import { aesEncrypt, encodePoints } from '@shetuan/shared/captcha';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestPerson,
  createTestTenantWithRbac,
  lastSmsCode,
  TestClient,
  type TestContext,
} from '../../testing';
import { captchaChallenges } from './tables';

describe('the captcha: challenges, one check each, one use of the verification', () => {
  let t: TestContext;
  let tenant: { id: number; domain: string };
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createTestTenantWithRbac(t.db);
  });
  afterAll(() => t.close());

  const client = () => new TestClient(t.app, tenant.domain);
  const answerOf = async (token: string) => {
    const [row] = await t.db.withTenant(tenant.id, (tx) =>
      tx.select({ answer: captchaChallenges.answer }).from(captchaChallenges).where(eq(captchaChallenges.token, token)),
    );
    return row?.answer;
  };
  async function solvedPuzzle(c: TestClient, offset = 0) {
    const got = (await c.post('/st365/captcha/get', { captchaType: 'blockPuzzle' })).body as unknown as {
      repData: { token: string; secretKey: string };
    };
    const expected = (await answerOf(got.repData.token)) as { x: number; y: number };
    const pointJson = encodePoints({ x: expected.x + offset, y: 5 }, got.repData.secretKey);
    return (await c.post('/st365/captcha/check', { captchaType: 'blockPuzzle', token: got.repData.token, pointJson }))
      .body as unknown as { repCode: string; repMsg: string | null; repData: { captchaVerification?: string } | null };
  }

  it('serves a 310x155 puzzle with a 47-wide jigsaw, in the AJ-Captcha shape', async () => {
    const res = (await client().post('/st365/captcha/get', { captchaType: 'blockPuzzle' })).body as unknown as {
      repCode: string;
      repData: Record<string, string>;
      success: boolean;
    };
    expect(res).toMatchObject({ repCode: '0000', success: true });
    const png = Buffer.from(res.repData.originalImageBase64 ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([310, 155]);
    const jigsaw = Buffer.from(res.repData.jigsawImageBase64 ?? '', 'base64');
    expect([jigsaw.readUInt32BE(16), jigsaw.readUInt32BE(20)]).toEqual([47, 155]);
    expect(res.repData.secretKey).toMatch(/^[A-Za-z0-9]{16}$/);
  });

  it('passes a slide within 5 px once, and refuses one further off; each challenge is checked once', async () => {
    const c = client();
    const near = await solvedPuzzle(c, 4);
    expect(near.repCode).toBe('0000');
    expect(near.repData?.captchaVerification).toBeTruthy();
    const far = await solvedPuzzle(c, 9);
    expect(far).toMatchObject({ repCode: '6111', repMsg: '验证失败' });

    const got = (await c.post('/st365/captcha/get', { captchaType: 'blockPuzzle' })).body as unknown as {
      repData: { token: string; secretKey: string };
    };
    const expected = (await answerOf(got.repData.token)) as { x: number };
    const body = {
      captchaType: 'blockPuzzle',
      token: got.repData.token,
      pointJson: aesEncrypt(JSON.stringify({ x: expected.x + 30, y: 5 }), got.repData.secretKey),
    };
    expect((await c.post('/st365/captcha/check', body)).body).toMatchObject({ repCode: '6111' });
    body.pointJson = aesEncrypt(JSON.stringify({ x: expected.x, y: 5 }), got.repData.secretKey);
    expect((await c.post('/st365/captcha/check', body)).body).toMatchObject({
      repCode: '6110',
      repMsg: '验证码已失效，请重新获取',
    });
  });

  it('passes three clicks in order near the words, and refuses them out of order', async () => {
    const c = client();
    const get = async () =>
      (await c.post('/st365/captcha/get', { captchaType: 'clickWord' })).body as unknown as {
        repData: { token: string; secretKey: string; wordList: string[] };
      };
    const ok = await get();
    expect(ok.repData.wordList).toHaveLength(3);
    const centres = (await answerOf(ok.repData.token)) as { x: number; y: number }[];
    const near = centres.map((p) => ({ x: p.x + 5, y: p.y - 5 }));
    const pass = await c.post('/st365/captcha/check', {
      captchaType: 'clickWord',
      token: ok.repData.token,
      pointJson: encodePoints(near, ok.repData.secretKey),
    });
    expect(pass.body).toMatchObject({ repCode: '0000' });

    const bad = await get();
    const order = ((await answerOf(bad.repData.token)) as { x: number; y: number }[]).reverse();
    const fail = await c.post('/st365/captcha/check', {
      captchaType: 'clickWord',
      token: bad.repData.token,
      pointJson: encodePoints(order, bad.repData.secretKey),
    });
    expect(fail.body).toMatchObject({ repCode: '6111' });
  });

  it('lets one login through after 416 with a verification, once; an expired challenge is refused', async () => {
    const person = await createTestPerson(t.db, tenant.id);
    const c = client();
    for (let i = 0; i < 5; i++) await c.login(person.mobile as string, 'wrong-password');
    expect((await c.login(person.mobile as string, person.password)).body.code).toBe(416);

    const passed = await solvedPuzzle(c);
    const verification = passed.repData?.captchaVerification as string;
    const withCaptcha = await c.post('/st365/auth/login/password', {
      login: person.mobile,
      password: person.password,
      captchaVerification: verification,
    });
    expect(withCaptcha.body.success).toBe(true);
    const other = await createTestPerson(t.db, tenant.id);
    const c2 = client();
    for (let i = 0; i < 5; i++) await c2.login(other.mobile as string, 'wrong-password');
    const replay = await c2.post('/st365/auth/login/password', {
      login: other.mobile,
      password: other.password,
      captchaVerification: verification,
    });
    expect(replay.body.code).toBe(416);

    const wrongWithCaptcha = await c2.post('/st365/auth/login/password', {
      login: other.mobile,
      password: 'still-wrong',
      captchaVerification: (await solvedPuzzle(c2)).repData?.captchaVerification,
    });
    expect(wrongWithCaptcha.body.msg).toBe('账号或密码错误');

    const stale = await solvedPuzzle(c2);
    await t.db.withTenant(tenant.id, (tx) =>
      tx.execute(sql`update captcha_challenges set expires_at = now() - interval '1 second' where state = 1`),
    );
    const late = await c2.post('/st365/auth/login/password', {
      login: other.mobile,
      password: other.password,
      captchaVerification: stale.repData?.captchaVerification,
    });
    expect(late.body.code).toBe(416);
  });

  it('asks for the captcha from the 4th code to one phone in an hour', async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    await t.db.withTenant(tenant.id, (tx) =>
      tx.execute(
        sql`insert into sms_codes (tenant_id, phone, purpose, code_hash, expires_at, created_at)
            select ${tenant.id}, ${phone}, p, 'x', now(), now() - interval '2 minutes' from unnest(array['a','b','c']) p`,
      ),
    );
    const c = client();
    const refused = await c.post('/st365/auth/sms/code', { phoneNumber: phone, purpose: 'login' });
    expect(refused.body).toMatchObject({ code: 416, msg: '发送次数过多，请完成滑块验证后再发送' });
    const verification = (await solvedPuzzle(c)).repData?.captchaVerification;
    const sent = await c.post('/st365/auth/sms/code', {
      phoneNumber: phone,
      purpose: 'login',
      captchaVerification: verification,
    });
    expect(sent.body.success).toBe(true);
    expect(await lastSmsCode(t.db, tenant.id, phone)).toMatch(/^\d{6}$/);
  });

  it("refuses a bad request in Chinese, and another tenant cannot check this tenant's challenge", async () => {
    expect((await client().post('/st365/captcha/get', { captchaType: 'rotate' })).body.msg).toContain(
      '验证码类型不正确',
    );
    const got = (await client().post('/st365/captcha/get', { captchaType: 'blockPuzzle' })).body as unknown as {
      repData: { token: string; secretKey: string };
    };
    const expected = (await answerOf(got.repData.token)) as { x: number };
    const other = await createTestTenantWithRbac(t.db);
    const elsewhere = await new TestClient(t.app, other.domain).post('/st365/captcha/check', {
      captchaType: 'blockPuzzle',
      token: got.repData.token,
      pointJson: encodePoints({ x: expected.x, y: 5 }, got.repData.secretKey),
    });
    expect(elsewhere.body).toMatchObject({ repCode: '6110' });
  });
});
