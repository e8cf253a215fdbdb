import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbErrorOf, openTestDatabase } from '../../testing';
import { APP_ROLE, type AppDatabase } from './database';

type Row = Record<string, unknown>;

/** The listed global tables; every other table of schema public is tenant-owned. */
const GLOBAL_TABLES = ['login_failures', 'tenant_domains', 'tenants', 'users'];

// Fails when a table with a tenant_id column lacks forced RLS and the tenant policy, or has a
// primary key or a tenant-to-tenant foreign key that does not start with tenant_id.
describe('schema rules for tenant-owned tables', () => {
  let db: AppDatabase;
  const query = async (q: ReturnType<typeof sql>) => {
    const res = await db.asOwner((tx) => tx.execute(q));
    return (res as unknown as { rows: Row[] }).rows;
  };

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const tenantTables = () =>
    query(sql`
      select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
             pg_get_userbyid(c.relowner) as owner
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by 1`);

  it('knows every table: tenant-owned ones carry tenant_id, the rest are listed as global', async () => {
    const all = await query(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
    const owned = new Set((await tenantTables()).map((t) => t.name));
    const unlisted = all.map((t) => String(t.name)).filter((n) => !owned.has(n) && !GLOBAL_TABLES.includes(n));
    expect(unlisted, 'tables with neither tenant_id nor a place in GLOBAL_TABLES').toEqual([]);
    expect(owned.size).toBeGreaterThan(0);
  });

  it('enables and forces RLS with the tenant policy on every table with tenant_id', async () => {
    const tables = await tenantTables();
    const policies = await query(sql`
      select c.relname as name, p.polcmd as cmd,
             pg_get_expr(p.polqual, p.polrelid) as using_expr,
             pg_get_expr(p.polwithcheck, p.polrelid) as check_expr
      from pg_policy p join pg_class c on c.oid = p.polrelid where p.polname = 'tenant_isolation'`);
    const byTable = new Map(policies.map((p) => [p.name, p]));
    const problems: string[] = [];
    for (const t of tables) {
      if (!t.rls) problems.push(`${t.name}: RLS not enabled`);
      if (!t.forced) problems.push(`${t.name}: RLS not forced`);
      const p = byTable.get(t.name);
      if (!p) problems.push(`${t.name}: no tenant_isolation policy`);
      else {
        if (p.cmd !== '*') problems.push(`${t.name}: policy not FOR ALL`);
        if (!String(p.using_expr).includes('app_current_tenant()'))
          problems.push(`${t.name}: USING not on app.tenant_id`);
        if (!String(p.check_expr).includes('app_current_tenant()'))
          problems.push(`${t.name}: WITH CHECK not on app.tenant_id`);
      }
      if (t.owner === APP_ROLE) problems.push(`${t.name}: owned by the app role`);
    }
    expect(problems).toEqual([]);
  });

  it('starts every primary key of a tenant-owned table with tenant_id', async () => {
    const tables = await tenantTables();
    const pks = await query(sql`
      select c.relname as name, (select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum = con.conkey[1]) as first
      from pg_constraint con join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      where con.contype = 'p' and n.nspname = 'public'`);
    const firstByTable = new Map(pks.map((p) => [p.name, p.first]));
    const problems = tables
      .filter((t) => firstByTable.get(t.name) !== 'tenant_id')
      .map((t) => `${t.name}: primary key starts with ${String(firstByTable.get(t.name) ?? '(none)')}`);
    expect(problems).toEqual([]);
  });

  it('starts every foreign key between tenant-owned tables with tenant_id on both sides', async () => {
    const owned = new Set((await tenantTables()).map((t) => t.name));
    const fks = await query(sql`
      select con.conname as name, src.relname as src, dst.relname as dst,
             (select a.attname from pg_attribute a where a.attrelid = con.conrelid and a.attnum = con.conkey[1]) as src_first,
             (select a.attname from pg_attribute a where a.attrelid = con.confrelid and a.attnum = con.confkey[1]) as dst_first
      from pg_constraint con
      join pg_class src on src.oid = con.conrelid
      join pg_class dst on dst.oid = con.confrelid
      where con.contype = 'f'`);
    const problems = fks
      .filter((f) => owned.has(f.src) && owned.has(f.dst))
      .filter((f) => f.src_first !== 'tenant_id' || f.dst_first !== 'tenant_id')
      .map((f) => `${f.name}: ${f.src}(${f.src_first}…) -> ${f.dst}(${f.dst_first}…)`);
    expect(problems).toEqual([]);
  });

  it('runs requests as a role that owns nothing and cannot bypass RLS', async () => {
    const role = await query(sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`);
    expect(role).toEqual([{ rolsuper: false, rolbypassrls: false }]);
    const owned = await query(sql`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and pg_get_userbyid(c.relowner) = ${APP_ROLE}`);
    expect(owned).toEqual([]);
    const current = await db.withGlobal((g) => g.execute(sql`select current_user as u`));
    expect((current as unknown as { rows: Row[] }).rows[0]?.u).toBe(APP_ROLE);
    const inTenant = await db.withTenant(1, (tx) => tx.execute(sql`select current_user as u`));
    expect((inTenant as unknown as { rows: Row[] }).rows[0]?.u).toBe(APP_ROLE);
  });

  it('never lets the app role delete tenants or people, nor truncate a global table', async () => {
    expect(await dbErrorOf(db.withGlobal((g) => g.execute(sql`delete from tenants`)))).toMatch(/permission denied/);
    expect(await dbErrorOf(db.withGlobal((g) => g.execute(sql`delete from users`)))).toMatch(/permission denied/);
    expect(await dbErrorOf(db.withGlobal((g) => g.execute(sql`truncate tenant_domains`)))).toMatch(/permission denied/);
  });

  it('is idempotent: migrating again changes nothing', async () => {
    await db.migrate();
    await db.migrate();
    const tables = await tenantTables();
    expect(tables.every((t) => t.rls && t.forced)).toBe(true);
  });
});
