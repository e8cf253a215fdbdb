import pg from 'pg';
import { openNodePg } from '../platform/db/node-pg';

/**
 * Creates an empty database beside the one in baseUrl (same server, same login), migrates it,
 * and returns its URL. Used by the test runs and the benchmark so they never touch real data.
 */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const driver = await openNodePg(url.toString(), 1);
  await driver.migrate();
  await driver.close();
  return url.toString();
}

export async function dropScratchDatabase(baseUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
