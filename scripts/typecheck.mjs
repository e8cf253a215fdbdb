// `npm run typecheck`: strict TypeScript over every package, two projects at a time (tsc is
// single-threaded; on the 2-core machine kind two at once take a little over half the time of one
// after another). The longest first, so the short ones fill in beside them. The server and the
// benchmarks, which import it, are one program (tsconfig.server-and-bench.json): the server's files
// are checked once.
import os from 'node:os';
import { repoRoot, run } from './lib.mjs';

const projects = ['tsconfig.server-and-bench.json', 'packages/web', 'packages/shared', 'packages/e2e'];
const parallel = Math.max(1, Math.min(2, os.availableParallelism()));
const failedIn = [];
const queue = [...projects];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const code = await run('npx', ['tsc', '--noEmit', '--pretty', 'false', '-p', project], { cwd: repoRoot });
    if (code !== 0) {
      console.error(`✗ typecheck failed in ${project}`);
      failedIn.push(project);
    }
  }
}
await Promise.all(Array.from({ length: parallel }, worker));
if (failedIn.length === 0) console.log(`✓ typecheck passed (${projects.length} projects)`);
process.exit(failedIn.length === 0 ? 0 : 1);
