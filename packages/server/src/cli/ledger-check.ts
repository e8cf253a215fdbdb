import { ledgerCheck } from '../modules/payments';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { allTenantIds } from '../platform/tenancy';

// Proves the books balance: for every tenant, the sum of all ledger lines is zero (each ledger
// transaction is also checked at commit by a deferred constraint trigger). Exits 1 when one does not.
const config = loadConfig();
const db = await openDatabase(config);
await db.migrate();
let unbalanced = 0;
try {
  for (const tenantId of await db.withGlobal(allTenantIds)) {
    const check = await db.withTenant(tenantId, (tx) => ledgerCheck(tx, tenantId));
    if (check.entries === 0) continue;
    if (!check.balanced) unbalanced += 1;
    console.log(
      `tenant ${tenantId}: ${check.entries} ledger lines, sum ${check.sumFen} fen ${check.balanced ? '✓ balanced' : '✗ NOT BALANCED'}`,
    );
  }
  console.log(unbalanced === 0 ? 'ledger balanced' : `${unbalanced} tenant(s) do not balance`);
} finally {
  await db.close();
}
process.exit(unbalanced === 0 ? 0 : 1);
