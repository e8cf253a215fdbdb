import { Redis } from 'ioredis';
import type { AppDatabase } from '../db';

/**
 * Where accepted request signatures are recorded (the replay guard, docs/performance.md):
 *  - PostgreSQL without REDIS_URL: the authentication statement inserts them into the unlogged
 *    used_signatures table (every server sees them; each GET then takes a transaction id);
 *  - PostgreSQL with REDIS_URL: Redis, `SET … NX PX` (every server sees them, and a GET writes
 *    nothing to PostgreSQL);
 *  - the embedded database: the process's memory (one process).
 * This file is the Redis one. The server does not start without it; later, a Redis that does not
 * answer within a second makes the request fall back to the database record (auth/hook.ts), so an
 * outage costs speed, not requests. The price: while it lasts, a signature recorded in Redis before
 * could be accepted once more by a server that records in the database (within its 5 minutes).
 */
export interface RedisReplayGuard {
  /** True when the signature was not seen before (and is now recorded until keepUntil, epoch ms). */
  claim(tenantId: number, sign: string, keepUntil: number): Promise<boolean>;
  close(): Promise<void>;
}

const guards = new WeakMap<AppDatabase, RedisReplayGuard>();

/** The Redis replay guard of the server using this database, when REDIS_URL configured one. */
export function redisReplayGuard(db: AppDatabase): RedisReplayGuard | undefined {
  return guards.get(db);
}

/** Connects the replay guard to Redis for the server of this database (buildApp, REDIS_URL). */
export async function connectRedisReplayGuard(
  db: AppDatabase,
  url: string,
  onError: (err: Error) => void,
): Promise<RedisReplayGuard> {
  const redis = new Redis(url, {
    // A request never waits for a reconnection: it falls back to the database instead.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    lazyConnect: true,
  });
  let started = false;
  let reported = false;
  redis.on('error', (err: Error) => {
    // Reported once per outage, not once per reconnection attempt.
    if (!reported && started) onError(err);
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`REDIS_URL: Redis 无法连接（${(err as Error).message}）`);
  }
  started = true;
  const guard: RedisReplayGuard = {
    async claim(tenantId, sign, keepUntil) {
      const ttl = Math.max(1_000, Math.ceil(keepUntil - Date.now()));
      return (await redis.set(`st:sig:${tenantId}:${sign}`, '1', 'PX', ttl, 'NX')) === 'OK';
    },
    async close() {
      guards.delete(db);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
  guards.set(db, guard);
  return guard;
}
