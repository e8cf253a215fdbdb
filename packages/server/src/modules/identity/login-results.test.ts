import { IdentityStatus } from '@shetuan/shared/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminsOfTwoTenants,
  createTestApp,
  createTestPerson,
  lastSmsCode,
  TestClient,
  type TestContext,
} from '../../testing';
import { setIdentityStatus } from './repository';

let seq = 0;
const newMobile = () => `136${String(Date.now() + seq++).slice(-8)}`;

type Visitor = {
  loggedIn: boolean;
  name: string;
  mobile: string;
  identity: { identityId: number } | null;
  identityCount: number;
  next: { pageType: number; identityId: number | null; canEnter: boolean; msg: string | null; route: string | null };
  results: {
    identityId: number;
    identityCode: number;
    status: number;
    remark: string;
    pageType: number;
    route: string;
  }[];
};

/** GET /auth/visitor: what the login page and the login result pages read (README). */
describe('the visitor: where a login-side page sends the person, and the states the result pages show', () => {
  let t: TestContext;
  let ta: { id: number; domain: string };
  let tb: { id: number; domain: string };
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    ({ ta, tb, a: admin } = await adminsOfTwoTenants(t));
  });
  afterAll(() => t.close());

  const visitorOf = async (c: TestClient) => {
    const res = await c.get('/st365/auth/visitor');
    expect(res.body).toMatchObject({ code: 200, success: true });
    return res.body.data as Visitor;
  };

  /** A person of tenant A with the given identities, logged in (password only: no identity yet). */
  async function loggedIn(identities: { code: number; status?: number; remark?: string }[]) {
    const person = await createTestPerson(t.db, ta.id, { identities });
    await t.db.withTenant(ta.id, async (tx) => {
      for (const [n, i] of identities.entries())
        if (i.remark)
          await setIdentityStatus(tx, ta.id, person.identityIds[n] as number, {
            status: i.status ?? 1,
            remark: i.remark,
          });
    });
    const c = new TestClient(t.app, ta.domain);
    expect((await c.login(person.mobile as string, person.password)).body.success).toBe(true);
    return { person, c };
  }

  it('answers nobody, and a session that no longer holds, as anonymous (no 401 prompt)', async () => {
    const anonymous = await visitorOf(new TestClient(t.app, ta.domain));
    expect(anonymous).toMatchObject({ loggedIn: false, next: null, results: [], identity: null });
    const { c } = await loggedIn([{ code: 4 }]);
    expect((await visitorOf(c)).loggedIn).toBe(true);
    expect((await c.post('/st365/auth/logout')).body.success).toBe(true);
    const res = await c.get('/st365/auth/visitor');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ loggedIn: false, results: [] });
  });

  it('a self-registered individual user (16) refused at /user-audit is sent to /login-member-result with the remark', async () => {
    const mobile = newMobile();
    const visitor = new TestClient(t.app, ta.domain);
    await visitor.post('/st365/auth/sms/code', { phoneNumber: mobile, purpose: 'register' });
    const code = await lastSmsCode(t.db, ta.id, mobile);
    const reg = await visitor.post('/st365/auth/register', {
      name: '被拒者',
      phoneNumber: mobile,
      code,
      password: 'Reg@1234',
    });
    expect(reg.body.data).toMatchObject({ pending: true });
    const queue = (await admin.get('/st365/identity/audit/users?keyword=被拒者')).body.data.records as {
      userId: number;
    }[];
    const userId = queue[0]?.userId;
    expect(
      (
        await admin.post(`/st365/identity/audit/users/${userId}/review`, {
          approved: false,
          remark: '请补充单位推荐信后重新注册。',
        })
      ).body.msg,
    ).toBe('已审核不通过');

    const c = new TestClient(t.app, ta.domain);
    await c.login(mobile, 'Reg@1234');
    const me = await visitorOf(c);
    expect(me).toMatchObject({ loggedIn: true, name: '被拒者', mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}` });
    expect(me.next).toMatchObject({ pageType: 17, route: '/login-member-result', canEnter: true });
    expect(me.results).toEqual([
      expect.objectContaining({
        identityCode: 16,
        status: IdentityStatus.REJECTED,
        remark: '请补充单位推荐信后重新注册。',
        pageType: 17,
        route: '/login-member-result',
      }),
    ]);
  });

  it('a refused unit user (15) is sent to /login-member-result too (pageType 19), with the remark', async () => {
    const { c } = await loggedIn([{ code: 15, status: IdentityStatus.REJECTED, remark: '营业执照已过期。' }]);
    const me = await visitorOf(c);
    expect(me.next).toMatchObject({ pageType: 19, route: '/login-member-result' });
    expect(me.results).toEqual([
      expect.objectContaining({ identityCode: 15, remark: '营业执照已过期。', pageType: 19 }),
    ]);
  });

  it.each([
    ['a pending member application', 12, IdentityStatus.PENDING, 12, '/memberExamineResult'],
    ['a pending unit-member application', 13, IdentityStatus.PENDING, 13, '/memberExamineResultExport'],
    ['a disabled member', 12, IdentityStatus.DISABLED, 11, '/memberForbidden'],
    ['a member who has not paid', 12, IdentityStatus.UNPAID, 18, '/regist-nopay'],
    ['a unit member who has not paid', 13, IdentityStatus.UNPAID, 20, '/regist-nopay'],
    ['a pending expert registration', 17, IdentityStatus.PENDING, 21, '/login-expert-result'],
    ['a refused expert registration', 17, IdentityStatus.REJECTED, 21, '/login-expert-result'],
    // Not a member code: refused is refused (17), not "being reviewed" (12) as before.
    ['a refused applicant', 6, IdentityStatus.REJECTED, 17, '/login-member-result'],
    ['an applicant who has not paid', 6, IdentityStatus.UNPAID, 18, '/regist-nopay'],
  ])('%s: its own state and page, the same as the status check', async (_what, code, status, pageType, route) => {
    const { person, c } = await loggedIn([{ code, status }]);
    const me = await visitorOf(c);
    expect(me.next).toMatchObject({ pageType, route, identityId: person.identityIds[0] });
    expect(me.results).toEqual([expect.objectContaining({ identityCode: code, status, pageType, route })]);
    const check = (await c.post('/st365/auth/status', { userId: person.userId })).body.data;
    expect(check.pageType).toBe(pageType);
  });

  it('an approved, active member belongs in the console: no result page speaks of them', async () => {
    const { person, c } = await loggedIn([{ code: 12 }]);
    // Before the identity login (a login that stopped half way): the console, through identity login.
    expect(await visitorOf(c)).toMatchObject({
      identity: null,
      next: { pageType: 3, identityId: person.identityIds[0], route: '/' },
      results: [],
    });
    const entered = await c.post('/st365/auth/login/identity', { identityId: person.identityIds[0] });
    c.adopt(entered.body.data);
    expect(await visitorOf(c)).toMatchObject({
      identity: { identityId: person.identityIds[0] },
      next: { pageType: 14, identityId: person.identityIds[0], route: '/' },
      results: [],
    });
  });

  it('a member approved while waiting is let in: the visitor follows the state now, not the one at login', async () => {
    const { person, c } = await loggedIn([{ code: 12, status: IdentityStatus.PENDING }]);
    expect((await visitorOf(c)).next.route).toBe('/memberExamineResult');
    await t.db.withTenant(ta.id, (tx) =>
      setIdentityStatus(tx, ta.id, person.identityIds[0] as number, { status: IdentityStatus.ACTIVE }),
    );
    expect(await visitorOf(c)).toMatchObject({ next: { route: '/' }, results: [] });
  });

  it('with an active and a pending identity: choose one first; the pending one is still listed for its page', async () => {
    const { person, c } = await loggedIn([{ code: 4 }, { code: 12, status: IdentityStatus.PENDING }]);
    const me = await visitorOf(c);
    expect(me).toMatchObject({ identityCount: 2, next: { pageType: 2, route: '/chooseIdentity' } });
    expect(me.results.map((r) => [r.identityId, r.route])).toEqual([[person.identityIds[1], '/memberExamineResult']]);
  });

  it('a person with no identity here cannot enter (无法进入后台！) and has no page to go to', async () => {
    const { c } = await loggedIn([]);
    expect((await visitorOf(c)).next).toEqual({
      pageType: 3,
      identityId: null,
      canEnter: false,
      msg: '无法进入后台！',
      route: null,
    });
  });

  it('a password that must change first sends the person to /login-change', async () => {
    const person = await createTestPerson(t.db, ta.id, { mustChangePassword: true });
    const c = new TestClient(t.app, ta.domain);
    await c.login(person.mobile as string, person.password);
    expect((await visitorOf(c)).next).toMatchObject({ pageType: 16, route: '/login-change' });
  });

  it("tenant B's domain never shows tenant A's person: the session is not B's, so the visitor is anonymous", async () => {
    const { c } = await loggedIn([{ code: 12, status: IdentityStatus.REJECTED, remark: '只给A看的意见' }]);
    const onB = new TestClient(t.app, tb.domain);
    onB.token = c.token;
    onB.signKey = c.signKey;
    const res = await onB.get('/st365/auth/visitor');
    expect(res.body.data).toMatchObject({ loggedIn: false, results: [] });
    expect(JSON.stringify(res.body)).not.toContain('只给A看的意见');
  });
});
