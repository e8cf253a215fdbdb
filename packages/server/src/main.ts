import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { seedDemo } from './platform/seed/demo';
import { upgradeTenants } from './platform/tenancy';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }

  const db = await openDatabase(config);
  await db.migrate();
  const app = await buildApp({ config, db });
  app.log.info({ database: db.describe() }, 'database migrated');
  if (config.seedDemo) {
    const seeded = await seedDemo(db, config);
    if (seeded.seeded) app.log.info({ tenants: seeded.tenantIds }, 'demo data seeded into the empty database');
  }
  const upgraded = await upgradeTenants(db);
  if (upgraded.length > 0) app.log.info({ upgraded }, 'tenants brought up to this release (new default menu entries)');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('graceful close timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    force.unref();
    app
      .close()
      .then(() => db.close())
      .then(() => {
        app.log.info('closed');
        process.exit(0);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  app.log.info(`社团 is serving ${shown}/new/ (API ${shown}/st365, docs ${shown}/st365/docs) on ${db.describe()}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
