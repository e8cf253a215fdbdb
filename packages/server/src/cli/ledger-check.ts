import { ledgerCheck } from '../modules/payments';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { allTenantIds } from '../platform/tenancy';

// Proves the books balance: for every tenant, the sum of all ledger lines is zero (each ledger
// transaction is also checked at commit by a deferred constraint trigger); per payee (the tenant
// itself and each organisation), its accounts hold what its payments, refunds and withdrawals say;
// suspense holds the exceptions not yet returned; no transaction moves money between two payees.
// Exits 1 when one does not.
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
    for (const p of check.payees)
      console.log(
        `  ${p.account}: holds ${p.balanceFen} fen (expected ${p.expectedFen}), withdrawing ${p.withdrawingFen} (expected ${p.expectedWithdrawingFen}) ${p.balanced ? '✓' : '✗'}`,
      );
    const s = check.suspense;
    console.log(`  suspense:refund: holds ${s.balanceFen} fen (expected ${s.expectedFen}) ${s.balanced ? '✓' : '✗'}`);
    if (check.crossing.length > 0) console.log(`  ✗ transactions between two payees: ${check.crossing.join(', ')}`);
  }
  console.log(unbalanced === 0 ? 'ledger balanced' : `${unbalanced} tenant(s) do not balance`);
} finally {
  await db.close();
}
process.exit(unbalanced === 0 ? 0 : 1);
