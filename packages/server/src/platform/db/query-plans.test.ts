import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase, dropScratchDatabase, TestClient } from '../../testing';
import { loadConfig } from '../config';
import type { AppInstance } from '../http/app-types';
import { APP_ROLE, AppDatabase } from './database';
import { openNodePg } from './node-pg';
import { loadScaledData } from './scaled-data';

// Every GET route of the API is called on a scaled copy of the demo data (300 tenants of 100
// people, every tenant-owned table copied per tenant), as the operations super administrator,
// and every SELECT it sends is explained. A sequential scan of a table above a few thousand rows,
// or a sub-plan run per row in a filter (a per-row policy check), fails the test, naming the
// route and the statement. Routes are found in the OpenAPI document, so a new module's lists are
// checked without anything added here. PostgreSQL only (PGlite plans are not the product's).
const onPostgres = Boolean(inject('databaseUrl'));
const BIG_TABLE_ROWS = 3000;

interface Captured {
  route: string;
  text: string;
  values: unknown[];
}

describe.skipIf(!onPostgres)('query plans on scaled data', () => {
  let url: string;
  let base: string;
  let db: AppDatabase;
  let app: AppInstance;
  const captured: Captured[] = [];
  let current = '';
  const original = pg.Client.prototype.query;

  beforeAll(async () => {
    base = process.env.TEST_DATABASE_URL ?? (inject('databaseUrl') as string);
    url = await createScratchDatabase(base, 'shetuan_plans');
    db = new AppDatabase(await openNodePg(url, 4));
    // The app first: building it installs the modules whose menus and demo data seedDemo writes.
    const { buildApp } = await import('../../app');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', JOB_WORKER: '0' });
    app = await buildApp({ config, db, logger: false });
    const { seedDemo } = await import('../seed/demo');
    await seedDemo(db);
    const { skipped } = await loadScaledData(url, { tenants: 300, people: 100 });
    expect(skipped, 'tenant-owned tables the scaled copy could not fill').toEqual([]);
    // Records what the app sends while a route runs (pool and transactions share Client.query).
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args;
      if (current) {
        const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
        const values = Array.isArray(second) ? second : ((first as { values?: unknown[] })?.values ?? []);
        if (text) captured.push({ route: current, text, values });
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
  }, 180_000);

  afterAll(async () => {
    pg.Client.prototype.query = original;
    await app?.close();
    await db?.close();
    if (url) await dropScratchDatabase(base, url);
  });

  it('serves every list and count from an index, with no per-row policy check', async () => {
    const admin = new TestClient(app, 'localhost');
    await admin.loginAs('admin', 'Demo@123');
    const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([, ops]) => 'get' in ops)
      .map(([path]) => path.replace(/\{[^}]+\}/g, '1'))
      .filter((path) => path.startsWith('/st365/') && !path.startsWith('/st365/docs'));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      current = `GET ${route}`;
      await admin.get(route);
      current = '';
    }

    const explain = new pg.Client({ connectionString: url, options: `-c role=${APP_ROLE}` });
    await explain.connect();
    const problems: string[] = [];
    try {
      const big = new Set(
        (
          await explain.query<{ name: string }>(
            `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relkind = 'r' and c.reltuples > $1`,
            [BIG_TABLE_ROWS],
          )
        ).rows.map((r) => r.name),
      );
      expect(big.size, 'the scaled copy has big tables').toBeGreaterThan(5);
      const tenantId = admin.tenantId as number;
      const seen = new Set<string>();
      for (const q of captured) {
        const sql = q.text.trim();
        if (!/^(select|with)\b/i.test(sql) || /set_config\(|app_authenticate\(/.test(sql)) continue;
        if (seen.has(sql)) continue;
        seen.add(sql);
        await explain.query('begin');
        await explain.query("select set_config('app.tenant_id', $1, true), set_config('app.user_id', $2, true)", [
          String(tenantId),
          String(admin.userId),
        ]);
        const res = await explain.query(`explain (format json) ${sql}`, q.values);
        await explain.query('rollback');
        const plan = (res.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan;
        const found = plan ? planProblems(plan, big) : [];
        for (const p of found) problems.push(`${q.route}: ${p}\n    ${oneLine(sql)}\n    plan: ${outline(plan)}`);
      }
    } finally {
      await explain.end();
    }
    expect(seen(captured), 'statements explained').toBeGreaterThan(30);
    expect(problems, problems.join('\n')).toEqual([]);
  }, 300_000);
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
  [key: string]: unknown;
}

const FILTER_KEYS = ['Filter', 'Join Filter', 'Index Cond', 'Recheck Cond', 'Hash Cond', 'Merge Cond'];

/** Sequential scans of big tables, sub-plans run per row in a filter, policy functions called per row. */
function planProblems(node: PlanNode, big: Set<string>): string[] {
  const out: string[] = [];
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && big.has(node['Relation Name']))
    out.push(`Seq Scan on ${node['Relation Name']}`);
  for (const key of FILTER_KEYS) {
    const text = node[key];
    if (typeof text !== 'string') continue;
    if (/(?<!hashed )SubPlan \d+/.test(text))
      out.push(`per-row SubPlan in ${key} on ${node['Relation Name'] ?? node['Node Type']}: ${text}`);
    if (/app_current_(tenant|user)\(\)|current_setting\(/.test(text))
      out.push(`policy function per row in ${key} on ${node['Relation Name'] ?? node['Node Type']}: ${text}`);
  }
  for (const child of node.Plans ?? []) out.push(...planProblems(child, big));
  return out;
}

/** The plan's nodes in one line: "Limit(Sort(Hash Join(Seq Scan users, …)))". */
function outline(node: PlanNode | undefined): string {
  if (!node) return '';
  const self = node['Relation Name'] ? `${node['Node Type']} ${node['Relation Name']}` : node['Node Type'];
  const kids = (node.Plans ?? []).map(outline);
  return kids.length ? `${self}(${kids.join(', ')})` : self;
}

function seen(captured: Captured[]): number {
  return new Set(captured.map((c) => c.text)).size;
}

function oneLine(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ');
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}
