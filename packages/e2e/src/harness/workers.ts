import { inject } from 'vitest';

export interface WorkerServer {
  /** The server's address, http://localhost:<port>. */
  baseUrl: string;
  /** A folder of this worker's own: saved logins (console.ts). */
  stateDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One server per worker (its own process, port and embedded database); worker n
     * (VITEST_POOL_ID, 1-based) uses servers[n - 1].
     */
    servers: WorkerServer[];
  }
}

/**
 * The server of the worker running this spec file. A worker runs one file at a time, so the
 * server's data is shared only with the files before it in the same worker, never concurrently.
 */
export function workerServer(): WorkerServer {
  const servers = inject('servers');
  const poolId = Number(process.env.VITEST_POOL_ID) || 1;
  const server = servers[(poolId - 1) % servers.length];
  if (!server) throw new Error('no browser-test server was started (global-setup.ts)');
  return server;
}

/** This worker's server address; what a spec calls baseUrl. */
export function serverUrl(): string {
  return workerServer().baseUrl;
}
