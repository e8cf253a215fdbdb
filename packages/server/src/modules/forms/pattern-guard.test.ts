import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminsOfTwoTenants, createTestApp, TestClient, type TestContext } from '../../testing';
import { guardedPatternTest, needsBacktracking } from './pattern-guard';

/** Exponential backtracking on a plain engine: seconds for 30 characters, years for 40. */
const HOSTILE = `${'a'.repeat(40)}!`;

describe('patterns written by form authors cannot hold the server (ReDoS)', () => {
  it('tells the patterns that need the backtracking engine: backreferences and lookarounds outside a class', () => {
    expect(needsBacktracking('^(a+)+$')).toBe(false);
    expect(needsBacktracking('^1[3-9]\\d{9}$')).toBe(false);
    expect(needsBacktracking('^(?:ab)+$')).toBe(false);
    expect(needsBacktracking('^(?<year>\\d{4})$')).toBe(false);
    expect(needsBacktracking('[(?=]\\\\1')).toBe(false);
    expect(needsBacktracking('^(?=.*[A-Z]).{8,}$')).toBe(true);
    expect(needsBacktracking('^(?!admin).+$')).toBe(true);
    expect(needsBacktracking('(?<=￥)\\d+')).toBe(true);
    expect(needsBacktracking('(?<!-)\\d+')).toBe(true);
    expect(needsBacktracking('^(a)\\1$')).toBe(true);
    expect(needsBacktracking('^(?<x>a)\\k<x>$')).toBe(true);
  });

  it('answers a catastrophic pattern at once, and still judges every pattern right', () => {
    const started = Date.now();
    expect(guardedPatternTest(/^(a+)+$/, HOSTILE)).toBe(false);
    expect(guardedPatternTest(/^(a|aa)+$/, HOSTILE)).toBe(false);
    // A lookahead around the same trap: the backtracking engine, under a time limit.
    expect(guardedPatternTest(/^(?=(a+)+$)a/, HOSTILE)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(guardedPatternTest(/^(a+)+$/, 'aaaa')).toBe(true);
    expect(guardedPatternTest(/^(?=.*[A-Z])(?=.*\d).{8,}$/, 'Shetuan2026')).toBe(true);
    expect(guardedPatternTest(/^(?=.*[A-Z])(?=.*\d).{8,}$/, 'shetuan2026')).toBe(false);
    expect(guardedPatternTest(/^1[3-9]\d{9}$/, '13912345678')).toBe(true);
  });

  describe('on a public form', () => {
    let t: TestContext;
    let a: TestClient;
    let domain: string;
    beforeAll(async () => {
      t = await createTestApp({ JOB_WORKER: '0' });
      const two = await adminsOfTwoTenants(t);
      a = two.a;
      domain = two.ta.domain;
    });
    afterAll(() => t.close());

    it('refuses a hostile answer with the rule’s message at once instead of hanging', async () => {
      const key = (await a.post('/st365/project/forms', { name: '正则' })).body.data.key;
      const schema = {
        fields: [
          {
            id: 'code',
            type: 'INPUT',
            label: '编号',
            required: true,
            regList: [
              { mode: 'pattern', pattern: '^(a+)+$', message: '编号格式不正确' },
              { mode: 'pattern', pattern: '^(?=(a+)+$)a', message: '编号不能这样写' },
            ],
          },
        ],
      };
      expect((await a.call('PUT', `/st365/project/forms/${key}/schema`, { schema })).body.code).toBe(200);
      expect((await a.post(`/st365/project/forms/${key}/publish`)).body.code).toBe(200);
      const visitor = new TestClient(t.app, domain);
      const submit = (value: string) =>
        visitor.post(`/st365/project/public/forms/${key}/answers`, {
          version: 1,
          values: { fieldcode: value },
          deviceId: 'device-redos',
        });
      const started = Date.now();
      expect((await submit(HOSTILE)).body.msg).toBe('编号格式不正确');
      expect((await submit('aaaaa')).body.code).toBe(200);
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  });
});
