// `npm run typecheck`: strict TypeScript over every package, one after another.
import { repoRoot, run } from './lib.mjs';

const projects = ['packages/shared', 'packages/server', 'packages/web', 'packages/e2e', 'bench'];
let failed = 0;
for (const project of projects) {
  const code = await run('npx', ['tsc', '--noEmit', '-p', project], { cwd: repoRoot });
  if (code !== 0) {
    console.error(`✗ typecheck failed in ${project}`);
    failed += 1;
  }
}
if (failed === 0) console.log(`✓ typecheck passed (${projects.length} projects)`);
process.exit(failed === 0 ? 0 : 1);
