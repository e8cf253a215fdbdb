// One server for the benchmark, in its own process: `app` is the product, `bare` a plain Fastify
// doing the same SQL through the same driver. Prints "listening <port>" when ready.
import { buildApp, loadConfig, openDatabase } from '@shetuan/server';
import Fastify from 'fastify';
import pg from 'pg';

const [mode, databaseUrl] = process.argv.slice(2);

// The statement Drizzle sends for the tenant look-up (tenancy/repository.ts, findTenantByDomain),
// as the same named prepared statement, so the database does the same work for both servers.
const LOOKUP_SQL = `select "tenants"."id", "tenants"."company_id", "tenants"."company_name", "tenants"."company_type",
 "tenants"."icon", "tenants"."mobile_domain", "tenants"."custom_type", "tenants"."status"
 from "tenant_domains" inner join "tenants" on "tenants"."id" = "tenant_domains"."tenant_ref"
 where "tenant_domains"."domain" = $1 limit $2`;

async function main() {
  if (mode === 'app') {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATA_DIR: process.env.BENCH_DATA_DIR,
      PORT: '0',
    });
    const db = await openDatabase(config);
    const app = await buildApp({ config, db });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`listening ${new URL(address).port}`);
    return;
  }
  if (!databaseUrl) throw new Error('the bare server needs a PostgreSQL URL');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c role=shetuan_app' });
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { domain: string } }>('/lookup', async (request) => {
    const { rows } = await pool.query({
      name: 'tenant_by_domain',
      text: LOOKUP_SQL,
      values: [request.query.domain, 1],
    });
    const t = rows[0];
    if (!t) return { code: 500, msg: '租户信息不完整', data: null, success: false };
    return {
      code: 200,
      msg: '操作成功',
      success: true,
      data: {
        ucTenant: {
          id: t.id,
          companyId: t.company_id,
          companyName: t.company_name,
          companyType: t.company_type,
          icon: t.icon ?? '/new/logo.webp',
          mobileDomain: t.mobile_domain,
          customType: t.custom_type,
        },
      },
    };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`listening ${new URL(address).port}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));
