import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrg, listOrgs } from '../../modules/org';
import { createTestTenant, dbErrorOf, openTestDatabase } from '../../testing';
import { orgs } from '../directory/tables';
import type { AppDatabase } from './database';
import { TenantRequiredError } from './database';

// Work done for tenant A must never see or change tenant B's rows, even when a query forgets
// its WHERE on tenant_id: the database refuses, not the code.
describe('tenant isolation (forced row-level security)', () => {
  let db: AppDatabase;
  let a: number;
  let b: number;
  let bOrgId: number;

  beforeAll(async () => {
    db = await openTestDatabase();
    a = (await createTestTenant(db)).id;
    b = (await createTestTenant(db)).id;
    await db.withTenant(a, async (tx) => {
      await insertOrg(tx, a, { name: 'A 科协', orgType: 2 });
      await insertOrg(tx, a, { name: 'A 学会', orgType: 5 });
    });
    bOrgId = await db.withTenant(b, async (tx) => (await insertOrg(tx, b, { name: 'B 科协', orgType: 3 })).id);
  });
  afterAll(async () => {
    await db.close();
  });

  const namesOf = (tenantId: number) =>
    db.withTenant(tenantId, async (tx) => (await listOrgs(tx)).map((o) => o.name).sort());

  it('reads only its own rows when the query has no WHERE', async () => {
    expect(await namesOf(a)).toEqual(['A 学会', 'A 科协']);
    expect(await namesOf(b)).toEqual(['B 科协']);
    const raw = await db.withTenant(a, (tx) => tx.execute(sql`select tenant_id from orgs`));
    const tenantIds = new Set((raw as unknown as { rows: { tenant_id: number }[] }).rows.map((r) => r.tenant_id));
    expect([...tenantIds]).toEqual([a]);
  });

  it("cannot read another tenant's row by its id", async () => {
    const found = await db.withTenant(a, (tx) => tx.select().from(orgs).where(eq(orgs.id, bOrgId)));
    expect(found).toEqual([]);
  });

  it("cannot update another tenant's rows, with or without WHERE", async () => {
    await db.withTenant(a, async (tx) => {
      await tx.update(orgs).set({ name: '被篡改' });
      const byId = await tx.update(orgs).set({ name: '被篡改' }).where(eq(orgs.id, bOrgId)).returning();
      expect(byId).toEqual([]);
    });
    expect(await namesOf(b)).toEqual(['B 科协']);
    expect(await namesOf(a)).toEqual(['被篡改', '被篡改']);
  });

  it("cannot delete another tenant's rows, with or without WHERE", async () => {
    const deleted = await db.withTenant(a, (tx) => tx.delete(orgs).where(eq(orgs.id, bOrgId)).returning());
    expect(deleted).toEqual([]);
    await db.withTenant(a, (tx) => tx.delete(orgs));
    expect(await namesOf(a)).toEqual([]);
    expect(await namesOf(b)).toEqual(['B 科协']);
  });

  it('cannot insert a row for another tenant', async () => {
    expect(await dbErrorOf(db.withTenant(a, (tx) => insertOrg(tx, b, { name: '冒充 B', orgType: 5 })))).toMatch(
      /row-level security/,
    );
    expect(await namesOf(b)).toEqual(['B 科协']);
  });

  it('cannot move its own row into another tenant', async () => {
    const own = await db.withTenant(a, (tx) => insertOrg(tx, a, { name: 'A 新学会', orgType: 5 }));
    expect(
      await dbErrorOf(db.withTenant(a, (tx) => tx.update(orgs).set({ tenantId: b }).where(eq(orgs.id, own.id)))),
    ).toMatch(/row-level security/);
    expect(await namesOf(b)).toEqual(['B 科协']);
  });

  it('sees no tenant rows at all outside withTenant', async () => {
    const rows = await db.withGlobal((g) => g.select().from(orgs));
    expect(rows).toEqual([]);
  });

  it('does not leak the tenant setting into the next piece of work on the same connection', async () => {
    await namesOf(b);
    const rows = await db.withGlobal((g) => g.execute(sql`select app_current_tenant() as t`));
    expect((rows as unknown as { rows: { t: number | null }[] }).rows[0]?.t).toBeNull();
  });

  it('cannot switch the tenant or lift RLS from inside the work', async () => {
    expect(
      await dbErrorOf(db.withTenant(a, (tx) => tx.execute(sql`alter table orgs no force row level security`))),
    ).toMatch(/must be owner/);
    expect(
      await dbErrorOf(db.withTenant(a, (tx) => tx.execute(sql`alter table orgs disable row level security`))),
    ).toMatch(/must be owner/);
    expect(await dbErrorOf(db.withTenant(a, (tx) => tx.execute(sql`drop policy tenant_isolation on orgs`)))).toMatch(
      /must be owner/,
    );
  });

  it('refuses to open a tenant door without a valid tenant id', async () => {
    await expect(db.withTenant(0, async () => 1)).rejects.toBeInstanceOf(TenantRequiredError);
    await expect(db.withTenant(Number.NaN, async () => 1)).rejects.toBeInstanceOf(TenantRequiredError);
  });

  it('keeps a parent reference inside the tenant (composite foreign key)', async () => {
    expect(
      await dbErrorOf(db.withTenant(a, (tx) => insertOrg(tx, a, { name: '挂到 B 下', orgType: 5, parentId: bOrgId }))),
    ).toMatch(/foreign key/);
  });
});
