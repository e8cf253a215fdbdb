import { ALL_MODULES } from '../app';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { installModules } from '../platform/modules';
import { seedDemo } from '../platform/seed/demo';

// Seeds the demo data on request, also with NODE_ENV=production (start-up never does there).
const config = loadConfig();
installModules(ALL_MODULES);
const db = await openDatabase(config);
try {
  await db.migrate();
  const result = await seedDemo(db, config);
  console.log(
    result.seeded ? `demo data seeded on ${db.describe()}` : 'the database already has tenants; nothing seeded',
  );
} finally {
  await db.close();
}
