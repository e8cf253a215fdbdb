import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';

const config = loadConfig();
const db = await openDatabase(config);
try {
  await db.migrate();
  console.log(`migrations applied on ${db.describe()}`);
} finally {
  await db.close();
}
