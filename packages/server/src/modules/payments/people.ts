import type { Tx } from '../../platform/db';
import * as repo from './repository';

/**
 * The payers' mobile numbers for a page of rows (orders, invoice applications). A payer's own list
 * needs none: they know their own number.
 */
export async function payerMobiles(
  tx: Tx,
  ownList: boolean,
  rows: readonly { payerUserId: number }[],
): Promise<Map<number, string>> {
  if (ownList) return new Map();
  return repo.mobilesOf(tx, [...new Set(rows.map((r) => r.payerUserId))]);
}
