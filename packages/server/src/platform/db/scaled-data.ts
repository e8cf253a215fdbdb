import pg from 'pg';

/**
 * Fills a migrated database that holds the demo data with a scaled copy of it, for the query
 * plan test (platform/db/query-plans.test.ts) and the request-path benchmark
 * (bench/request-path.ts). Runs in seconds with generate_series, as the owner, which must be a
 * superuser: triggers and foreign-key checks are off while loading (session_replication_role).
 *
 *  - `tenants` more tenants, each a copy of the template tenant's own rows in every tenant-owned
 *    table (menus, roles, grants, settings, organisations, logs, forms …), so a module's new
 *    table is scaled without anything added here;
 *  - `people` people in every tenant (the template included): a global user, the tenant
 *    membership, a member identity with the template's member role;
 *  - `messages` messages to the whole tenant, in every tenant.
 */
export interface ScaleOptions {
  tenants: number;
  people: number;
  messages?: number;
  /** The tenant copied (default: the default tenant). */
  templateTenantId?: number;
}

/** Tenant-owned tables not copied: who people are and what they did is generated, not cloned. */
const NOT_COPIED = new Set([
  'tenant_users',
  'identities',
  'identity_roles',
  'sessions',
  'used_signatures',
  'entry_tickets',
  'grant_versions',
  'jobs',
]);

export async function loadScaledData(
  ownerUrl: string,
  options: ScaleOptions,
): Promise<{ tenantIds: number[]; skipped: string[] }> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as T[];
  try {
    await q('set session_replication_role = replica');
    await q('set synchronous_commit = off');
    const [template] = options.templateTenantId
      ? await q<{ id: number }>('select id from tenants where id = $1', [options.templateTenantId])
      : await q<{ id: number }>('select id from tenants where is_default');
    if (!template) throw new Error('no template tenant: seed the demo data first');
    const templateId = template.id;

    const created = await q<{ id: number }>(
      `insert into tenants (company_id, company_name, company_type, icon, mobile_domain, custom_type, status, settings)
       select 100000 + g, '规模测试协会' || g, company_type, icon, '', custom_type, 1, settings
       from tenants, generate_series(1, $2::int) g where id = $1
       returning id`,
      [templateId, options.tenants],
    );
    const tenantIds = created.map((r) => Number(r.id));
    await q(
      `insert into tenant_domains (domain, tenant_ref)
       select 'scale' || t || '.bench.localhost', t from unnest($1::int[]) t`,
      [tenantIds],
    );

    // Every tenant-owned table: the template's rows again under each new tenant.
    const tables = await q<{ name: string }>(`
      select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind = 'r' order by 1`);
    const skipped: string[] = [];
    for (const { name } of tables) {
      if (NOT_COPIED.has(name)) continue;
      const cols = (
        await q<{ col: string }>(
          `select attname as col from pg_attribute
           where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
           order by attnum`,
          [name],
        )
      ).map((c) => `"${c.col}"`);
      const others = cols.filter((c) => c !== '"tenant_id"');
      // A table whose unique keys do not start with tenant_id cannot be copied; it is named.
      await q(
        `insert into "${name}" (tenant_id, ${others.join(', ')}) overriding system value
         select t, ${others.map((c) => `x.${c}`).join(', ')}
         from "${name}" x cross join unnest($2::int[]) t where x.tenant_id = $1`,
        [templateId, tenantIds],
      ).catch((err: unknown) => skipped.push(`${name}: ${(err as Error).message}`));
    }

    // People: one global user, one membership and one member identity each, in every tenant.
    const all = [templateId, ...tenantIds];
    const people = options.people;
    const [member] = await q<{ role: number | null }>(
      `select (select id from roles where tenant_id = $1 and name = '会员' limit 1) as role`,
      [templateId],
    );
    const [base] = await q<{ id: number }>(`select coalesce(max(id), 0) + 1 as id from users`);
    const first = Number(base?.id ?? 1);
    await q(
      `insert into users (id, name, mobile, password_hash, tenant_ids, created_at, updated_at)
       select $1 + (ti - 1) * $3 + g, '会员' || t || '-' || g, '17' || lpad(((ti - 1) * $3 + g)::text, 9, '0'),
              null, array[t], now() - g * interval '1 minute', now()
       from unnest($2::int[]) with ordinality as x(t, ti), generate_series(1, $3::int) g`,
      [first - 1, all, people],
    );
    await q(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
    await q(
      `insert into tenant_users (tenant_id, user_id, user_type, status, created_at, updated_at)
       select t, $1 + (ti - 1) * $3 + g, 2, 1, now() - g * interval '1 minute', now()
       from unnest($2::int[]) with ordinality as x(t, ti), generate_series(1, $3::int) g`,
      [first - 1, all, people],
    );
    await q(
      `insert into identities (tenant_id, user_id, identity_code, status)
       select t, $1 + (ti - 1) * $3 + g, 12, 1
       from unnest($2::int[]) with ordinality as x(t, ti), generate_series(1, $3::int) g`,
      [first - 1, all, people],
    );
    if (member?.role)
      await q(
        `insert into identity_roles (tenant_id, identity_id, role_id)
         select i.tenant_id, i.id, $2 from identities i
         where i.identity_code = 12 and i.user_id >= $1 on conflict do nothing`,
        [first, member.role],
      );
    const messages = options.messages ?? 20;
    if (messages > 0)
      await q(
        `insert into messages (tenant_id, wid, event, title, body, to_type, to_id, created_at)
         select t, md5(t || '-' || g), 'notice', '通知 ' || g, '规模测试消息', 'tenant', null,
                now() - g * interval '1 hour'
         from unnest($1::int[]) t, generate_series(1, $2::int) g`,
        [all, messages],
      );
    await q('reset session_replication_role');
    await q('analyze');
    return { tenantIds, skipped };
  } finally {
    await client.end();
  }
}
