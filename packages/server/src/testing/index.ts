import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { addTenantUser, insertIdentity, insertUser } from '../modules/identity';
import { hashPassword } from '../platform/auth/passwords';
import { loadConfig } from '../platform/config';
import { AppDatabase } from '../platform/db';
import { openNodePg } from '../platform/db/node-pg';
import { openPglite } from '../platform/db/pglite';
import type { AppInstance } from '../platform/http/app-types';
import { assignDefaultRole, seedTenantRbac } from '../platform/rbac';
import { smsOutbox } from '../platform/sms';
import { tenantDomains, tenants } from '../platform/tenancy/tables';
import { fileDatabaseUrl } from './file-database';

export { createScratchDatabase, dropScratchDatabase } from './scratch-db';

/**
 * The database a test file works on: a fresh in-memory PGlite loaded from the run's migrated
 * snapshot, or on PostgreSQL the file's own copy of the run's migrated template (one per file,
 * shared by the file's apps, dropped when the file ends).
 */
export async function openTestDatabase(): Promise<AppDatabase> {
  const onPostgres = Boolean(inject('databaseTemplate'));
  const snapshotFile = inject('pgliteSnapshot');
  const snapshot = snapshotFile ? new Blob([fs.readFileSync(snapshotFile)]) : undefined;
  const driver = onPostgres ? await openNodePg(await fileDatabaseUrl(), 4) : await openPglite(undefined, snapshot);
  const db = new AppDatabase(driver);
  await db.migrate();
  return db;
}

export interface TestContext {
  app: AppInstance;
  db: AppDatabase;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const db = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    // API tests drive the job worker by hand (app.jobs.runOnce), for their own tenant only.
    JOB_WORKER: '0',
    DATA_DIR: testDataDir(),
    ...env,
  });
  const app = await buildApp({ config, db, logger: false });
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
      if (config.DATA_DIR.includes('shetuan-test-data-')) fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/** A data directory per test app, for the files it writes (exports). */
function testDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'shetuan-test-data-'));
}

let counter = 0;
/** A tenant with unique names and domains, so test files can share one PostgreSQL database. */
export async function createTestTenant(
  db: AppDatabase,
  overrides: Partial<typeof tenants.$inferInsert> = {},
): Promise<{ id: number; domain: string }> {
  counter += 1;
  const tag = `${process.pid}-${Date.now().toString(36)}-${counter}`;
  const domain = `t${tag}.test.localhost`;
  const id = await db.asOwner(async (tx) => {
    const [row] = await tx
      .insert(tenants)
      .values({ companyId: 10_000 + counter, companyName: `测试租户${tag}`, companyType: 2, ...overrides })
      .returning({ id: tenants.id });
    if (!row) throw new Error('no tenant row');
    await tx.insert(tenantDomains).values({ domain, tenantRef: row.id });
    return row.id;
  });
  return { id, domain };
}

/** The database's own message of a failed query (Drizzle wraps it in "Failed query: …"). */
export async function dbErrorOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    const e = err as { message?: string; cause?: { message?: string } };
    return e.cause?.message ?? e.message ?? String(err);
  }
  throw new Error('expected the database to refuse, but the work succeeded');
}

export { TestClient } from './client';

import { TestClient } from './client';

/** A person with identities in a tenant, for tests; mobile and password are theirs to log in with. */
export async function createTestPerson(
  db: AppDatabase,
  tenantId: number,
  options: {
    password?: string;
    mustChangePassword?: boolean;
    isSuperAdmin?: boolean;
    mobile?: string | null;
    account?: string;
    identities?: { code: number; status?: number; orgId?: number | null }[];
  } = {},
): Promise<{ userId: number; mobile: string | null; password: string; identityIds: number[] }> {
  counter += 1;
  const password = options.password ?? 'Test@1234';
  const mobile =
    options.mobile === undefined
      ? `19${String(process.pid % 1000).padStart(3, '0')}${String((Date.now() + counter) % 1_000_000).padStart(6, '0')}`
      : options.mobile;
  const passwordHash = await hashPassword(password);
  return db.withTenant(tenantId, async (tx) => {
    const userId = await insertUser(tx, {
      name: `测试用户${counter}`,
      mobile,
      account: options.account ?? null,
      passwordHash,
      mustChangePassword: options.mustChangePassword ?? false,
      isSuperAdmin: options.isSuperAdmin ?? false,
    });
    await addTenantUser(tx, tenantId, userId);
    const identityIds: number[] = [];
    for (const identity of options.identities ?? [{ code: 4 }]) {
      const id = await insertIdentity(tx, {
        tenantId,
        userId,
        identityCode: identity.code,
        orgId: identity.orgId ?? null,
        status: identity.status ?? 1,
      });
      await assignDefaultRole(tx, tenantId, id, identity.code);
      identityIds.push(id);
    }
    return { userId, mobile, password, identityIds };
  });
}

/** A tenant with the default menu and roles, as a new real tenant has. */
export async function createTestTenantWithRbac(db: AppDatabase, overrides: Partial<typeof tenants.$inferInsert> = {}) {
  const tenant = await createTestTenant(db, overrides);
  await db.withTenant(tenant.id, (tx) => seedTenantRbac(tx, tenant.id));
  return tenant;
}

/** Two tenants with the default menu, each with an administrator logged in: the cross-tenant set-up. */
export async function adminsOfTwoTenants(t: TestContext) {
  const ta = await createTestTenantWithRbac(t.db);
  const tb = await createTestTenantWithRbac(t.db);
  const pa = await createTestPerson(t.db, ta.id, { identities: [{ code: 4 }] });
  const pb = await createTestPerson(t.db, tb.id, { identities: [{ code: 4 }] });
  const a = new TestClient(t.app, ta.domain);
  const b = new TestClient(t.app, tb.domain);
  await a.loginAs(pa.mobile as string, pa.password);
  await b.loginAs(pb.mobile as string, pb.password);
  return { ta, tb, a, b };
}

/** The code in the last SMS the development provider stored for a phone. */
export async function lastSmsCode(db: AppDatabase, tenantId: number, phone: string): Promise<string> {
  const [row] = await db.withTenant(tenantId, (tx) =>
    tx
      .select({ content: smsOutbox.content })
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, phone))
      .orderBy(desc(smsOutbox.id))
      .limit(1),
  );
  const code = /验证码为(\d{6})/.exec(row?.content ?? '')?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}
