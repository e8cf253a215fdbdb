import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestPerson, createTestTenantWithRbac, TestClient, type TestContext } from '../../testing';
import { queryRows } from '../db';

/**
 * Walks /st365/openapi.json and sends generated bad input to every operation, as an administrator
 * and as a visitor: never a 5xx, always the envelope, and a refused call writes nothing. Routes
 * come from the OpenAPI document, so every route a module adds later is covered without a list.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: Method;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

/** Runs per operation and client: enough to touch each kind of bad input over the suite, yet quick. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
/** A new seed each run (more inputs over time); a failure names it, FUZZ_SEED replays it. */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/**
 * Audit trails, the password-lockout counter and the replay guard (each signed call's signature)
 * record refused calls on purpose; every other table must stay as it was.
 */
const REFUSAL_RECORDS = new Set(['operation_logs', 'login_logs', 'login_failures', 'used_signatures']);

const BAD_SCALARS: unknown[] = [
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '',
  ' ',
  '😀',
  "' OR 1=1 --",
  '../../etc/passwd',
  '<img src=x onerror=alert(1)>',
  'NaN',
  '1e309',
  -1,
  0,
  1.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  true,
  null,
  {},
  [],
  [null],
  { $ne: 1 },
];
const HUGE = '长'.repeat(120_000);
const badValue = fc.oneof(fc.constantFrom(...BAD_SCALARS), fc.constant(HUGE), fc.string({ maxLength: 30 }));

/** Path values that are wrong for any parameter: NUL, bad escapes, over-long, out of range, garbage. */
const BAD_PATH = [
  '%00',
  'a%00b',
  '%ZZ',
  '%E0%A4%A',
  '%ED%A0%80',
  'a'.repeat(300),
  '-1',
  '0',
  '2147483648',
  '99999999999999999999999',
  '1.5',
  '%20',
  '..%2F..%2Fetc',
  '%F0%9F%98%80',
  "'%20OR%201=1",
];

/** Something plausible for a schema, so some calls get past validation and reach the handler. */
function plausible(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 5) return fc.constant(null);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => plausible(a, depth + 1)));
  if (s.allOf?.[0]) return plausible(s.allOf[0], depth + 1);
  switch (s.type) {
    case 'string': {
      if (s.format === 'date-time') return fc.constant(new Date().toISOString());
      if (s.format === 'date') return fc.constant('2026-01-01');
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern), { size: 'xsmall' });
        } catch {
          return fc.string({ maxLength: 10 });
        }
      }
      const min = Math.min(s.minLength ?? 0, 12);
      return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(s.maxLength ?? 12, 12)) });
    }
    case 'integer':
    case 'number': {
      const min = Math.max(s.minimum ?? -5, -5);
      const max = Math.max(min, Math.min(s.maximum ?? 1000, 1000));
      return s.type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(s.items, depth + 1), { maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object': {
      const props = s.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = plausible(v, depth + 1);
      return fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null));
  }
}

/** One bad change to a plausible body: a wrong value, a missing field, an extra field, or a wrong shape. */
function badBody(s: JsonSchema): fc.Arbitrary<unknown> {
  const props = Object.keys(s.properties ?? {});
  return fc.tuple(plausible(s), fc.nat(), badValue, fc.nat({ max: 3 })).map(([base, pick, bad, kind]) => {
    const body = base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as object) } : {};
    const key = props.length ? (props[pick % props.length] as string) : 'field';
    if (kind === 0) return { ...body, [key]: bad };
    if (kind === 1) {
      const required = s.required ?? [];
      const drop = required.length ? (required[pick % required.length] as string) : key;
      delete (body as Record<string, unknown>)[drop];
      return { ...body, zz: bad };
    }
    if (kind === 2) return { ...body, [`extra${pick % 7}`]: bad, __proto__x: 'a\u0000' };
    return bad;
  });
}

interface Call {
  url: string;
  body: unknown;
}

function callFor(op: Operation): fc.Arbitrary<Call> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        fc.constantFrom(...BAD_PATH),
        plausible(p.schema).map((v) => encodeURIComponent(String(v))),
      ),
    ),
  );
  const queryArb = fc.tuple(
    ...queryParams.map((p) => fc.option(fc.oneof(badValue, plausible(p.schema)), { nil: undefined })),
  );
  const bodyArb: fc.Arbitrary<unknown> = op.body
    ? fc.oneof(badBody(op.body), plausible(op.body))
    : fc.constant(undefined);
  return fc
    .tuple(pathArb, queryArb, bodyArb, fc.option(badValue, { nil: undefined }))
    .map(([pathValues, queryValues, body, extra]) => {
      let i = 0;
      const path = op.path.replace(/\{[^}]+\}/g, () => pathValues[i++] as string);
      const query = new URLSearchParams();
      queryParams.forEach((p, j) => {
        const v = queryValues[j];
        if (v !== undefined) query.append(p.name, typeof v === 'string' ? v : JSON.stringify(v));
      });
      if (extra !== undefined)
        query.append('unexpected', typeof extra === 'string' ? extra.slice(0, 2000) : String(extra));
      const qs = query.toString();
      return {
        url: `${path}${qs ? `?${qs}` : ''}`,
        body: op.method === 'GET' || op.method === 'DELETE' ? undefined : body,
      };
    });
}

function operationsOf(doc: {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const m = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(m))
        throw new Error(`the fuzz test does not send ${m} yet (${path})`);
      ops.push({
        method: m as Method,
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return ops;
}

describe('every operation of the OpenAPI document survives bad input', () => {
  let t: TestContext;
  let admin: TestClient;
  let tenantId: number;
  let domain: string;
  let ops: Operation[];
  let tables: string[];
  let login: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await createTestTenantWithRbac(t.db);
    tenantId = tenant.id;
    domain = tenant.domain;
    let person = await createTestPerson(t.db, tenantId, { identities: [{ code: 4 }] });
    admin = new TestClient(t.app, domain);
    // A fresh session when a generated call ended the administrator's own (a logout, a kick); a
    // new administrator when one changed the account itself (a password reset, a disabled
    // identity: valid calls an administrator may make).
    login = async () => {
      if ((await admin.get('/st365/auth/menu')).body?.code === 200) return;
      admin = new TestClient(t.app, domain);
      try {
        await admin.loginAs(person.mobile as string, person.password);
      } catch {
        person = await createTestPerson(t.db, tenantId, { identities: [{ code: 4 }] });
        admin = new TestClient(t.app, domain);
        await admin.loginAs(person.mobile as string, person.password);
      }
    };
    await login();
    const doc = (await t.app.inject({ url: '/st365/openapi.json' })).json();
    ops = operationsOf(doc);
    tables = (
      await t.db.asOwner((tx) =>
        queryRows<{ tablename: string }>(tx, sql`select tablename from pg_tables where schemaname = 'public'`),
      )
    )
      .map((r) => r.tablename)
      .filter((n) => !REFUSAL_RECORDS.has(n) && !n.startsWith('__'));
    // Every row added to or taken from those tables, by anyone, noted in one table (in this test's
    // own database): whether a call wrote is one small read, not a count of every table.
    await t.db.asOwner(async (tx) => {
      await tx.execute(sql.raw('create table fuzz_writes (id bigserial primary key, tbl text not null)'));
      await tx.execute(
        sql.raw(`create function fuzz_note_write() returns trigger language plpgsql security definer as $$
          begin insert into fuzz_writes (tbl) values (tg_table_name); return null; end $$`),
      );
      for (const n of tables)
        await tx.execute(
          sql.raw(
            `create trigger fuzz_write after insert or delete on "${n}" for each row execute function fuzz_note_write()`,
          ),
        );
    });
  });
  afterAll(() => t.close());

  /** How many rows have been added to or taken from the tables so far. */
  const writes = async (): Promise<number> => {
    const [row] = await t.db.asOwner((tx) =>
      queryRows<{ n: string | null }>(tx, sql`select max(id) as n from fuzz_writes`),
    );
    return Number(row?.n ?? 0);
  };
  /** The tables written since `since`, with how many rows each. */
  const writtenSince = async (since: number): Promise<string> => {
    const rows = await t.db.asOwner((tx) =>
      queryRows<{ tbl: string; n: number }>(
        tx,
        sql`select tbl, count(*)::int as n from fuzz_writes where id > ${since} group by tbl order by tbl`,
      ),
    );
    return rows.map((r) => `${r.tbl}: ${r.n} rows`).join(', ');
  };

  it('discovers the operations from the document', () => {
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.some((o) => o.path === '/st365/tenant/lookup')).toBe(true);
  });

  it('no 5xx, always the envelope, and a refused call writes nothing', { timeout: 240_000 }, async () => {
    const visitor = new TestClient(t.app, domain);
    const problems: string[] = [];
    for (const [opIndex, op] of ops.entries()) {
      for (const [who, client] of [
        ['admin', admin],
        ['visitor', visitor],
      ] as const) {
        await fc.assert(
          fc.asyncProperty(callFor(op), async (call) => {
            const before = await writes();
            const res = await client.call(op.method, call.url, call.body);
            const where = `${who} ${op.method} ${call.url.slice(0, 200)} → ${res.status}`;
            if (res.status >= 500) problems.push(`${where}: ${res.raw.body.slice(0, 300)}`);
            const type = String(res.raw.headers['content-type'] ?? '');
            if (res.status === 200 && !type.includes('json')) return; // a download (xlsx, image)
            const body = res.body as Record<string, unknown> | null;
            const envelope =
              body !== null &&
              typeof body.code === 'number' &&
              typeof body.msg === 'string' &&
              typeof body.success === 'boolean' &&
              'data' in body;
            // The slide captcha answers AJ-Captcha's own shape (docs/shared-services.md).
            const captcha = op.path.startsWith('/st365/captcha/') && body !== null && 'repCode' in body;
            if (!envelope && !captcha) problems.push(`${where}: not the envelope: ${res.raw.body.slice(0, 200)}`);
            if (envelope && body.success === false && !/[\u4e00-\u9fff]/.test(body.msg as string)) {
              problems.push(`${where}: message not in Chinese: ${body.msg}`);
            }
            const refused = res.status >= 400 || (envelope && body.success === false) || (captcha && !body?.success);
            if (refused && (await writes()) !== before)
              problems.push(`${where}: a refused call wrote (${await writtenSince(before)})`);
          }),
          { numRuns: RUNS, endOnFailure: true, seed: SEED + opIndex * 2 + (who === 'admin' ? 0 : 1) },
        );
      }
      await login();
    }
    expect(problems, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
  });
});
