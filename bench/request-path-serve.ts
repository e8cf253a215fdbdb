// One server for bench/request-path.ts, in its own process. Prints "listening <port>" when ready.
//   app <url>    the product on PostgreSQL (production settings, no job worker)
//   bare <url>   a plain Fastify server on the same database and driver doing the minimal queries
//   pglite <dir> the product on the embedded database with the demo data (seeded here)
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const [mode, target] = process.argv.slice(2);

async function product(): Promise<void> {
  // BENCH_SERVER: another copy of the server (src/index.ts) to compare with, as request-path.ts's
  // BENCH_BASELINE starts it.
  const { buildApp, loadConfig, openDatabase, seedDemo } = (await import(
    process.env.BENCH_SERVER ?? '@shetuan/server'
  )) as typeof import('@shetuan/server');
  const embedded = mode === 'pglite';
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JOB_WORKER: '0',
    PORT: '0',
    ...(embedded ? { DATA_DIR: target } : { DATABASE_URL: target, DATA_DIR: process.env.BENCH_DATA_DIR }),
    ...(!embedded && process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
  });
  const db = await openDatabase(config);
  if (embedded) await db.migrate();
  const app = await buildApp({ config, db });
  if (embedded) await seedDemo(db);
  // Refusals are envelopes with HTTP 200 (code in x-result-code): counted here, so the benchmark
  // can tell a fast refusal from an answer.
  let refused = 0;
  app.addHook('onResponse', async (_request, reply) => {
    const code = reply.getHeader('x-result-code');
    if (code !== undefined && code !== '200') refused += 1;
  });
  app.get('/__bench/refused', { config: { permission: 'public' } }, async () => ({ refused }));
  app.get('/__bench/cpu', { config: { permission: 'public' } }, async () => process.cpuUsage());
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`listening ${new URL(address).port}`);
}

// The bare server connects as the owner, so row-level security does not apply and it needs no
// transaction or set_config: tenant_id is in every WHERE instead. That is the floor.
// The session with its identity's roles (the product keeps those in memory; the bare server has no
// memory to keep them in): who the bell and mark-read speak to.
const SESSION_SQL = `select s.user_id, s.identity_id, s.expires_at, s.revoked_at,
  array(select ir.role_id from identity_roles ir where ir.tenant_id = s.tenant_id and ir.identity_id = s.identity_id)
    as role_ids
  from sessions s where s.tenant_id = $1 and s.token_hash = $2`;
// The user list answers what the product's does (its page: the people, their department, their
// identities with organisation and roles), with the product's own minimal queries: the page with
// its count, then the identities of the page's people.
const PAGE_SQL = `select u.id, u.name, u.mobile, u.account, tu.user_type, tu.dept_id, d.name as dept_name, tu.status,
  tu.review_remark, tu.created_at,
  (select count(*)::int from tenant_users c
    where c.tenant_id = $1 and c.user_type = any ($2::smallint[]) and c.status = any ($3::smallint[])) as total
from (select tenant_id, user_id from tenant_users
      where tenant_id = $1 and user_type = any ($2::smallint[]) and status = any ($3::smallint[])
      order by created_at desc, user_id desc limit $4 offset $5) as page
join tenant_users tu on tu.tenant_id = page.tenant_id and tu.user_id = page.user_id
join users u on u.id = tu.user_id
left join departments d on d.tenant_id = tu.tenant_id and d.id = tu.dept_id
order by tu.created_at desc, tu.user_id desc`;
const IDENTITIES_SQL = `select i.id, i.user_id, i.identity_code, i.status, i.org_id, o.name as org_name,
  r.id as role_id, r.name as role_name
from identities i
left join orgs o on o.tenant_id = i.tenant_id and o.id = i.org_id
left join identity_roles ir on ir.tenant_id = i.tenant_id and ir.identity_id = i.id
left join roles r on r.tenant_id = ir.tenant_id and r.id = ir.role_id
where i.tenant_id = $1 and i.user_id = any ($2::bigint[])
order by i.id, r.id`;
// The bell and mark-read answer what the product's do, with the product's statements: the messages
// of the tenant, the person ($2), the identity ($3) and its roles ($4), tenant $5, reader $1.
const AUDIENCE = `m.tenant_id = $5 and (m.to_type = 'tenant' or (m.to_type = 'user' and m.to_id = $2)
  or (m.to_type = 'identity' and m.to_id = $3) or (m.to_type = 'role' and m.to_id = any ($4::bigint[])))`;
const BELL_SQL = `select
  (select count(*) from messages m where ${AUDIENCE} and not exists (
    select 1 from message_reads r where r.tenant_id = m.tenant_id and r.message_id = m.id and r.user_id = $1)) as unread,
  l.id, l.wid, l.title, l.body, l.event, l.created_at,
  exists (select 1 from message_reads r where r.tenant_id = l.tenant_id and r.message_id = l.id and r.user_id = $1) as read
from (select 1) as one
left join lateral (select * from messages m where ${AUDIENCE} order by m.created_at desc, m.id desc limit 3) as l on true`;
const READ_SQL = `with visible as (select m.id from messages m where m.id = any ($6::bigint[]) and ${AUDIENCE}),
  marked as (insert into message_reads (tenant_id, message_id, user_id) select $5, id, $1 from visible
    on conflict do nothing)
select count(*)::int as n from visible`;

async function bare(): Promise<void> {
  if (!target) throw new Error('the bare server needs a PostgreSQL URL');
  // BENCH_BARE_GENERIC=1: its statements planned once per connection too (as the product's hot
  // statements are, txGenericStatement), for the floor below the floor (docs/performance.md).
  const pool = new pg.Pool({
    connectionString: target,
    max: 10,
    ...(process.env.BENCH_BARE_GENERIC === '1' ? { options: '-c plan_cache_mode=force_generic_plan' } : {}),
  });
  const app = Fastify({ logger: false });
  app.get('/__bench/refused', async () => ({ refused: 0 }));
  app.get('/__bench/cpu', async () => process.cpuUsage());
  const session = async (headers: Record<string, unknown>) => {
    const tenantId = Number(headers.tenantid);
    const hash = createHash('sha256').update(String(headers.token)).digest('hex');
    const { rows } = await pool.query({ name: 'session', text: SESSION_SQL, values: [tenantId, hash] });
    const s = rows[0];
    if (!s || s.revoked_at || new Date(s.expires_at).getTime() <= Date.now()) throw new Error('no session');
    const identityId = s.identity_id === null ? null : Number(s.identity_id);
    const roleIds = (s.role_ids as (string | number)[]).map(Number);
    return { tenantId, userId: Number(s.user_id), audience: [Number(s.user_id), identityId, roleIds, tenantId] };
  };
  const ok = (data: unknown) => ({ code: 200, msg: '操作成功', data, success: true });
  app.get<{ Querystring: { current?: string; pageSize?: string } }>('/st365/identity/users', async (request) => {
    const { tenantId } = await session(request.headers);
    const size = Number(request.query.pageSize ?? 10);
    const offset = (Number(request.query.current ?? 1) - 1) * size;
    const filter = [tenantId, [1, 2], [1, 0]];
    const page = await pool.query({ name: 'page', text: PAGE_SQL, values: [...filter, size, offset] });
    const ids = page.rows.map((r) => Number(r.id));
    const idRows = ids.length
      ? (await pool.query({ name: 'identities', text: IDENTITIES_SQL, values: [tenantId, ids] })).rows
      : [];
    const records = page.rows.map((u) => {
      const identities: Record<string, unknown>[] = [];
      for (const i of idRows) {
        if (Number(i.user_id) !== Number(u.id)) continue;
        let identity = identities.find((x) => x.identityId === Number(i.id));
        if (!identity) {
          identity = {
            identityId: Number(i.id),
            identityCode: i.identity_code,
            orgId: i.org_id,
            orgName: i.org_name ?? '',
            status: i.status,
            roles: [],
          };
          identities.push(identity);
        }
        if (i.role_id !== null) (identity.roles as unknown[]).push({ id: Number(i.role_id), name: i.role_name });
      }
      return {
        userId: Number(u.id),
        name: u.name,
        mobile: u.mobile,
        account: u.account ?? '',
        userType: u.user_type,
        deptId: u.dept_id,
        deptName: u.dept_name ?? '',
        status: u.status,
        reviewRemark: u.review_remark,
        createdAt: u.created_at.toISOString(),
        identities,
      };
    });
    return ok({ records, total: page.rows[0]?.total ?? 0, current: 1, pageSize: size });
  });
  app.get('/st365/messages/latest', async (request) => {
    const { userId, audience } = await session(request.headers);
    const { rows } = await pool.query({ name: 'bell', text: BELL_SQL, values: [userId, ...audience] });
    const list = rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: Number(r.id),
        wid: r.wid,
        title: r.title,
        body: r.body,
        event: r.event,
        status: r.read ? 1 : 0,
        createdAt: r.created_at.toISOString(),
      }));
    return ok({ unread: Number(rows[0]?.unread ?? 0), list });
  });
  app.post<{ Body: { ids: number[] } }>('/st365/messages/read', async (request) => {
    const { userId, audience } = await session(request.headers);
    const res = await pool.query({ name: 'read', text: READ_SQL, values: [userId, ...audience, request.body.ids] });
    return ok({ count: res.rows[0]?.n ?? 0 });
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`listening ${new URL(address).port}`);
}

(mode === 'bare' ? bare() : product()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));
