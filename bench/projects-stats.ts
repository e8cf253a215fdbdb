// `npm run bench:projects-stats -w @shetuan/bench`: 项目统计 at scale (issue 14).
// A fresh PostgreSQL database with the demo data, whose scoring project is grown to 50,000
// declarations (every state, 200 units, scores) with 100,000 assignments and 50,000 first-trial
// transitions. The demo administrator, signed as the web client signs, calls each statistics page's
// request in turn (the figures, the score sheet, the units, the experts, all declarations, the
// project's declaration list); the baseline is the bell (GET /messages/latest), which every console
// page asks for, in the same run. Target: p95 under 200 ms for each page.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig, openDatabase, seedDemo } from '@shetuan/server';
import { createScratchDatabase, dropScratchDatabase } from '@shetuan/server/scratch-db';
import { canonicalRequest } from '@shetuan/shared';
import pg from 'pg';

const DECLARATIONS = Number(process.env.BENCH_DECLARATIONS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TARGET_P95_MS = 200;
const BASE =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((p / 100) * (xs.length - 1))] ?? 0;

interface Session {
  token: string;
  signKey: string;
  tenantId: number;
  userId: number;
}

let lastTimestamp = 0;
async function call(
  port: number,
  s: Session | null,
  method: 'GET' | 'POST',
  p: string,
  query: Record<string, string>,
  body?: unknown,
) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (raw) headers['content-type'] = 'application/json';
  let url = p;
  if (s) {
    lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
    const timestamp = String(lastTimestamp);
    const q = { ...query, timestamp };
    const sign = createHmac('sha256', s.signKey)
      .update(canonicalRequest(method, p, q, raw, timestamp))
      .digest('hex');
    Object.assign(headers, { token: s.token, tenantid: String(s.tenantId) });
    url = `${p}?${new URLSearchParams({ ...q, sign })}`;
  } else if (Object.keys(query).length) url = `${p}?${new URLSearchParams(query)}`;
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { method, headers, body: raw || undefined });
  return (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
}

async function login(port: number): Promise<Session> {
  const first = await call(
    port,
    null,
    'POST',
    '/st365/auth/login/password',
    {},
    { login: '13800000002', password: 'Demo@123' },
  );
  if (first.code !== 200) throw new Error(`login failed: ${first.msg}`);
  let s = first.data as unknown as Session;
  const status = await call(port, s, 'POST', '/st365/auth/status', {}, { userId: s.userId });
  const id = await call(port, s, 'POST', '/st365/auth/login/identity', {}, { identityId: status.data.identityId });
  s = id.data as unknown as Session;
  return s;
}

/** Grows the demo scoring project to DECLARATIONS declarations, as the owner (bulk SQL). */
async function grow(url: string): Promise<{ tenantId: number; projectId: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tenant_id: number; id: string }>(
      `select tenant_id, id from review_projects where name = '2026年度示范市科技创新项目' and not is_template`,
    );
    const project = rows[0];
    if (!project) throw new Error('the demo scoring project is missing');
    const tenantId = project.tenant_id;
    const projectId = Number(project.id);
    await client.query('begin');
    // 200 units of the tenant.
    await client.query(
      `insert into orgs (tenant_id, name, org_type) select $1, '基准单位' || g, 3 from generate_series(1, 200) g`,
      [tenantId],
    );
    const { rows: applicant } = await client.query<{ user_id: string; id: string }>(
      `select user_id, id from identities where tenant_id = $1 and identity_code = 6 limit 1`,
      [tenantId],
    );
    const a = applicant[0];
    if (!a) throw new Error('no demo applicant');
    // Declarations in every state: the flow is 单位推荐(0) → 形式审查(1) → 专家评审(2) → 评审结果(3).
    await client.query(
      `insert into review_declarations
         (tenant_id, project_id, applicant_user_id, applicant_identity_id, unit_id, title, status, stage, level, version,
          data, score, rank, grade, result, submitted_at, decided_at)
       select $1, $2, $3, $4, u.id, '基准申报' || g,
         (array['in_review','in_review','in_review','in_review','returned','rejected','decided','decided','draft','withdrawn'])[g % 10 + 1],
         case when g % 10 < 4 then g % 4 when g % 10 in (4, 5) then 0 when g % 10 in (6, 7) then 3 else -1 end,
         0, 1, '{}'::jsonb,
         case when g % 10 in (2, 3, 6, 7) then 40 + (g * 37 % 600) / 10.0 end,
         case when g % 10 in (6, 7) then g end,
         case when g % 10 = 6 then '一等' when g % 10 = 7 then '三等' end,
         case when g % 10 in (6, 7) then 'approved' end,
         now() - (g % 60) * interval '1 day',
         case when g % 10 in (6, 7) then now() end
       from generate_series(1, $5::int) g
       join lateral (select id from orgs where tenant_id = $1 and name = '基准单位' || (g % 200 + 1) limit 1) u on true`,
      [tenantId, projectId, a.user_id, a.id, DECLARATIONS],
    );
    const { rows: experts } = await client.query<{ user_id: string }>(
      `select distinct user_id from identities where tenant_id = $1 and identity_code in (3, 7, 17)`,
      [tenantId],
    );
    const ids = experts.map((e) => Number(e.user_id));
    // Two reviews for each declaration that reached the expert round.
    await client.query(
      `insert into review_assignments (tenant_id, project_id, declaration_id, stage, expert_user_id, status, scores, total,
                                        comment, submitted_at, assigned_by)
       select $1, $2, d.id, 2, e.uid, 1, '{"innovation":30,"feasibility":25,"benefit":20}'::jsonb, d.score, '', now(), $3
       from review_declarations d
       cross join lateral (select unnest($4::bigint[]) uid order by random() limit 2) e
       where d.tenant_id = $1 and d.project_id = $2 and d.score is not null and d.title like '基准申报%'`,
      [tenantId, projectId, a.user_id, ids],
    );
    await client.query(
      `insert into review_transitions (tenant_id, project_id, declaration_id, action, stage, from_text, to_text,
                                        actor_user_id, actor_name, actor_unit_id)
       select tenant_id, project_id, id, 'pass', 0, '待单位推荐', '待形式审查', applicant_user_id, '基准', unit_id
       from review_declarations where tenant_id = $1 and project_id = $2 and stage > 0 and title like '基准申报%'`,
      [tenantId, projectId],
    );
    await client.query('commit');
    await client.query('analyze');
    return { tenantId, projectId };
  } finally {
    await client.end();
  }
}

async function main() {
  const url = await createScratchDatabase(BASE, 'shetuan_bench_stats');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-bench-stats-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JOB_WORKER: '0',
      RESPONSE_VALIDATION: '0',
    });
    const db = await openDatabase(config);
    const app = await buildApp({ config, db, logger: false });
    await seedDemo(db);
    const started = performance.now();
    const { projectId } = await grow(url);
    console.log(
      `grew the demo scoring project to ${DECLARATIONS.toLocaleString()} declarations in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const s = await login(port);
    const pages: { name: string; path: string; query: Record<string, string> }[] = [
      { name: 'bell (baseline)', path: '/st365/messages/latest', query: {} },
      { name: '项目统计 figures', path: `/st365/projects/${projectId}/statistics`, query: {} },
      { name: '评分列表 page 1', path: '/st365/projects/sheets/scores', query: { projectId: String(projectId) } },
      {
        name: '评分列表 page 200',
        path: '/st365/projects/sheets/scores',
        query: { projectId: String(projectId), current: '200' },
      },
      { name: '初审单位', path: '/st365/projects/sheets/units', query: { projectId: String(projectId) } },
      { name: '评审专家', path: '/st365/projects/sheets/experts', query: { projectId: String(projectId) } },
      { name: '累计申报', path: '/st365/projects/sheets/declarations', query: {} },
      { name: '累计申报 search', path: '/st365/projects/sheets/declarations', query: { keyword: '基准申报4999' } },
      { name: '申报列表', path: `/st365/projects/${projectId}/declarations`, query: {} },
      { name: '定级预览', path: `/st365/projects/${projectId}/grading`, query: {} },
    ];
    const results: Record<string, { p50: number; p95: number }> = {};
    for (const page of pages) {
      const first = await call(port, s, 'GET', page.path, page.query);
      if (first.code !== 200) throw new Error(`${page.name}: ${first.msg}`);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const res = await call(port, s, 'GET', page.path, page.query);
        times.push(performance.now() - t);
        if (res.code !== 200) throw new Error(`${page.name}: ${res.msg}`);
      }
      results[page.name] = { p50: percentile(times, 50), p95: percentile(times, 95) };
    }
    const base = results['bell (baseline)'] as { p50: number; p95: number };
    console.log(`\n${RUNS} sequential calls each, signed as the web client (ms)`);
    console.log('page'.padEnd(22), 'p50'.padStart(8), 'p95'.padStart(8), 'p95/bell'.padStart(9), ' target');
    let failed = 0;
    for (const [name, r] of Object.entries(results)) {
      const ok = name.startsWith('bell') || r.p95 < TARGET_P95_MS;
      if (!ok) failed++;
      console.log(
        name.padEnd(22),
        r.p50.toFixed(1).padStart(8),
        r.p95.toFixed(1).padStart(8),
        (r.p95 / base.p95).toFixed(1).padStart(9),
        name.startsWith('bell') ? '' : ok ? ` met (< ${TARGET_P95_MS})` : ` NOT met (< ${TARGET_P95_MS})`,
      );
    }
    fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(import.meta.dirname, 'results', 'projects-stats.json'),
      JSON.stringify({ declarations: DECLARATIONS, runs: RUNS, results }, null, 2),
    );
    console.log(failed ? `\n${failed} page(s) over the target` : '\nevery statistics page under the target');
    await app.close();
    await db.close();
  } finally {
    await dropScratchDatabase(BASE, url);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
