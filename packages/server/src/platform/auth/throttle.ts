import type { Tx } from '../db';
import { countFailuresSince, deleteFailures, deleteFailuresBefore, insertFailures } from './repository';

/** Captcha after 5 failures in 15 minutes of an account or an address; the account locks at 10. */
export const THROTTLE = { windowMs: 15 * 60 * 1000, captchaAfter: 5, lockAfter: 10, lockMs: 15 * 60 * 1000 } as const;

export const failureKeys = (login: string, ip: string) => ({ account: `login:${login.toLowerCase()}`, ip: `ip:${ip}` });
export type FailureKeys = ReturnType<typeof failureKeys>;

/** Failures of the account and of the address within the window. */
export async function recentFailures(
  tx: Tx,
  keys: FailureKeys,
  now = new Date(),
): Promise<{ account: number; ip: number }> {
  const since = new Date(now.getTime() - THROTTLE.windowMs);
  const rows = await countFailuresSince(tx, [keys.account, keys.ip], since);
  const of = (key: string) => rows.find((r) => r.key === key)?.n ?? 0;
  return { account: of(keys.account), ip: of(keys.ip) };
}

export async function recordFailure(tx: Tx, keys: FailureKeys): Promise<void> {
  const both = [keys.account, keys.ip];
  await insertFailures(tx, both);
  // Keep the table small: old entries of these keys go as new ones come.
  await deleteFailuresBefore(tx, both, new Date(Date.now() - THROTTLE.windowMs));
}

/** A successful login forgets the account's failures (the address keeps its count). */
export async function clearFailures(tx: Tx, keys: FailureKeys): Promise<void> {
  await deleteFailures(tx, keys.account);
}
