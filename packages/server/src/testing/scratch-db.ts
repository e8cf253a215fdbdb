import pg from 'pg';
import { openNodePg } from '../platform/db/node-pg';

let counter = 0;

function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter}`;
}

function withDatabase(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin<T>(baseUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates an empty database beside the one in baseUrl (same server, same login), migrates it,
 * and returns its URL. Used by the test runs and the benchmark so they never touch real data.
 */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<string> {
  const name = uniqueName(prefix);
  await asAdmin(baseUrl, (admin) => admin.query(`create database ${name}`));
  const url = withDatabase(baseUrl, name);
  const driver = await openNodePg(url, 1);
  await driver.migrate();
  await driver.close();
  return url;
}

/**
 * A copy of a migrated database (CREATE DATABASE … TEMPLATE): a file copy on the server, no
 * migrations replayed. Nobody may be connected to the template while it is copied, so a template
 * is only ever copied, never used. Answers the copy's URL.
 */
export async function cloneDatabase(baseUrl: string, templateUrl: string, prefix: string): Promise<string> {
  const name = uniqueName(prefix);
  const template = new URL(templateUrl).pathname.slice(1);
  await asAdmin(baseUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  return withDatabase(baseUrl, name);
}

/**
 * Drops a database. With force (the default) its open connections are cut; without, the server
 * waits up to 5 s for them to go and then refuses (a client that has just ended its pool may
 * still have backends finishing, and cutting them raises an error in that client).
 */
export async function dropScratchDatabase(baseUrl: string, url: string, force = true): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await asAdmin(baseUrl, (admin) => admin.query(`drop database if exists ${name}${force ? ' with (force)' : ''}`));
}

/** Drops every database whose name starts with prefix (what a crashed test file left behind). */
export async function dropScratchDatabases(baseUrl: string, prefix: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(prefix)) throw new Error(`unsafe database prefix: ${prefix}`);
  await asAdmin(baseUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  });
}
