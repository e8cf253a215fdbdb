// `npm run bench:forms-server -w @shetuan/bench`: the form engine on the server.
// 1. Validation of a 500-field submission (200 show rules) with the shared validator, strict mode,
//    against parsing the same request body with its zod schema, in the same process.
//    Target (issue 6): under 5 ms.
// 2. Submissions to one form on PostgreSQL through the product's HTTP API, with autocannon, against
//    a trivial public call of the same server in the same run; then every answer is counted.
//    Target: 1,000 submissions per second without losing one.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, openDatabase, seedDemo } from '@shetuan/server';
import { createScratchDatabase, dropScratchDatabase } from '@shetuan/server/scratch-db';
import {
  fieldName,
  validateAnswers,
  ZFormProjectSettings,
  ZFormSchema,
  ZFormSubmit,
  ZFormTheme,
} from '@shetuan/shared/forms';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchSchema } from './form-render/schema';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor((p / 100) * xs.length)] ?? 0;

function validation() {
  const schema = benchSchema(500, 200);
  const values: Record<string, unknown> = {};
  for (const f of schema.fields) {
    const n = fieldName(f.id);
    if (f.type === 'RADIO' || f.type === 'SELECT') values[n] = 1;
    else if (f.type === 'CHECKBOX') values[n] = [1, 2];
    else if (f.type === 'NUMBER_INPUT') values[n] = 12;
    else values[n] = `答案${f.id}`;
  }
  const body = { version: 1, values, deviceId: 'bench-device-0001', seconds: 120 };
  const time = (work: () => void, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      work();
      out.push(performance.now() - t);
    }
    return out;
  };
  const check = validateAnswers(schema, values, { strict: true });
  if (check.errors.length > 0) throw new Error(`the bench answers do not validate: ${check.errors[0]?.message}`);
  time(() => validateAnswers(schema, values, { strict: true }), 100); // warm-up
  time(() => ZFormSubmit.parse(body), 100);
  const v = time(() => validateAnswers(schema, values, { strict: true }), 500);
  const z = time(() => ZFormSubmit.parse(body), 500);
  const med = percentile(v, 50);
  const p95 = percentile(v, 95);
  console.log('validation of a 500-field submission, 200 show rules, strict (500 runs)');
  console.log(
    `  request body zod parse (baseline) : median ${percentile(z, 50).toFixed(3)} ms, p95 ${percentile(z, 95).toFixed(3)} ms`,
  );
  console.log(`  shared validator                  : median ${med.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms`);
  console.log(
    `  target 5 ms: ${p95 < 5 ? 'met' : 'NOT met'} (p95); ratio to the body parse ${(med / percentile(z, 50)).toFixed(2)}`,
  );
  return { medianMs: med, p95Ms: p95, baselineMedianMs: percentile(z, 50) };
}

function startApp(databaseUrl: string, dataDir: string) {
  return new Promise<{ child: ChildProcess; port: number }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'serve.ts'), 'app', databaseUrl], {
      env: { ...process.env, BENCH_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
}

async function run(opts: autocannon.Options) {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return { rps: r.requests.average, p99: r.latency.p99, ok: r['2xx'], bad: r.non2xx + r.errors };
}

async function submissions() {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = await createScratchDatabase(baseUrl, 'shetuan_bench_forms');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-bench-'));
  const admin = new pg.Client({ connectionString: url });
  try {
    const db = await openDatabase(loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir }));
    await db.migrate();
    const seeded = await seedDemo(db);
    await db.close();
    const tenantId = seeded.tenantIds?.city ?? 1;
    // A registration form of six questions, published, no limits (the bench's owner: any user).
    const schema = ZFormSchema.parse({
      fields: [
        { id: 'name', type: 'INPUT', label: '姓名', required: true, personalType: 'fullname' },
        { id: 'mobile', type: 'INPUT', label: '手机', required: true, personalType: 'mobile' },
        { id: 'company', type: 'INPUT', label: '单位', required: true },
        {
          id: 'hotel',
          type: 'RADIO',
          label: '住宿',
          required: true,
          options: [
            { value: 1, label: '是' },
            { value: 2, label: '否' },
          ],
        },
        { id: 'nights', type: 'NUMBER_INPUT', label: '晚数', required: true, props: { min: 1, max: 5 } },
        { id: 'note', type: 'TEXTAREA', label: '备注' },
      ],
      logic: [
        { showIds: ['nights'], combinator: 1, conditions: [{ formItemId: 'hotel', expression: 'eq', optionValue: 1 }] },
      ],
    });
    await admin.connect();
    const key = 'BenchForm0001';
    const owner = await admin.query('select id from users order by id limit 1');
    const project = await admin.query(
      `insert into form_projects (tenant_id, key, name, owner_user_id, status, schema, settings, theme, published_version)
       values ($1, $2, '压测表单', $3, 1, $4, $5, $6, 1) returning id`,
      [tenantId, key, owner.rows[0].id, schema, ZFormProjectSettings.parse({}), ZFormTheme.parse({})],
    );
    await admin.query('insert into form_versions (tenant_id, project_id, version, schema) values ($1, $2, 1, $3)', [
      tenantId,
      project.rows[0].id,
      schema,
    ]);
    const body = JSON.stringify({
      version: 1,
      deviceId: 'bench-device-0001',
      seconds: 30,
      values: {
        fieldname: '压测',
        fieldmobile: '13900001111',
        fieldcompany: '示范单位',
        fieldhotel: 1,
        fieldnights: 2,
        fieldnote: '无',
      },
    });

    const { child, port } = await startApp(url, dataDir);
    try {
      const base = `http://127.0.0.1:${port}`;
      const submit = {
        url: `${base}/st365/project/public/forms/${key}/answers`,
        method: 'POST' as const,
        body,
        headers: { 'content-type': 'application/json' },
      };
      const trivial = { url: `${base}/st365/common/map` };
      await run({ ...trivial, duration: 2 }); // warm-up
      await run({ ...submit, duration: 2 });
      const t = await run(trivial);
      const s = await run(submit);
      const counted = await admin.query(
        'select count(*)::int as n, count(distinct serial)::int as d, max(serial) as m from form_answers where tenant_id = $1 and project_id = $2',
        [tenantId, project.rows[0].id],
      );
      const row = counted.rows[0] as { n: number; d: number; m: number };
      const answersInRun = s.ok;
      console.log(`submissions to one form on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s`);
      console.log(`  trivial public call (baseline) : ${t.rps.toFixed(0)} req/s (p99 ${t.p99} ms)`);
      console.log(
        `  form submissions               : ${s.rps.toFixed(0)} req/s (p99 ${s.p99} ms), ${s.bad} refused or failed`,
      );
      console.log(
        `  stored answers ${row.n}, distinct numbers ${row.d}, highest number ${row.m}; accepted in all runs ${row.n} (measured run ${answersInRun})`,
      );
      console.log(
        `  target 1000/s: ${s.rps >= 1000 ? 'met' : 'NOT met'}; lost: ${row.n === row.d && row.n === Number(row.m) && s.bad === 0 ? 'none' : 'SOME'}; ratio to the trivial call ${(s.rps / t.rps).toFixed(2)}`,
      );
      return { submissionsPerSecond: s.rps, trivialPerSecond: t.rps, stored: row.n, distinct: row.d, failed: s.bad };
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  } finally {
    await admin.end().catch(() => undefined);
    await dropScratchDatabase(baseUrl, url);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const v = validation();
  const s = await submissions();
  fs.mkdirSync(path.join(here, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(here, 'results', 'forms-server.json'),
    JSON.stringify({ at: new Date().toISOString(), validation: v, submissions: s }, null, 2),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
