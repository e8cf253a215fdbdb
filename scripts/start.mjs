// `npm start`: builds the web app when needed, then runs the server (embedded PGlite unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale, repoRoot } from './lib.mjs';

const built = await buildWebIfStale();
if (built !== 0) process.exit(built);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'packages/server/src/main.ts')], {
  cwd: repoRoot,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
