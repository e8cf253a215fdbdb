import { ResultCode } from '@shetuan/shared';
import type { TPayeeContext, TPayeeOption } from '@shetuan/shared/payments';
import type { FastifyRequest } from 'fastify';
import { type AuthContext, authOf } from '../../../platform/auth/context';
import type { Tx } from '../../../platform/db';
import { AppError } from '../../../platform/http/errors';
import { personOf, tenantName } from '../repository';
import * as repo from './repository';

/**
 * 收款方 (README, Payees). An order's payee is the tenant itself (payee_org_id null) or one of its
 * organisations below the root of its tree (a society, a member unit). Money is collected through
 * the tenant's receiving accounts (代收) and the ledger owes each payee its own: payee:tenant or
 * payee:org:<id>, with withdrawals held on payee:withdrawing or payee:withdrawing:org:<id>.
 *
 * Who acts for which payee is the identity's unit: an identity whose unit is an organisation below
 * the root acts for that organisation (its 收款订单, 钱包, 支付流水, 银行卡, 申请提现); the tenant's own
 * people (unit the root or none) and the operations identities act for the tenant itself and are its
 * operators, who see every payee and settle with them.
 */
export type Payee = TPayeeContext;

/** Identity codes of the platform's operations (000 §6: 8 operations administrator, 9 operations). */
const OPERATIONS_CODES = new Set([8, 9]);

export const payeeAccount = (orgId: number | null): string => (orgId === null ? 'payee:tenant' : `payee:org:${orgId}`);
export const withdrawingAccount = (orgId: number | null): string =>
  orgId === null ? 'payee:withdrawing' : `payee:withdrawing:org:${orgId}`;

const fail = (msg: string, status = 400) => new AppError(ResultCode.FAILED, msg, null, status);

/** The payee an identity acts for (see above). A super administrator acting as a tenant is its operator. */
export async function payeeOfIdentity(
  tx: Tx,
  tenantId: number,
  identityId: number | null,
  acting = false,
): Promise<Payee> {
  const unit = !acting && identityId !== null ? await repo.identityUnit(tx, tenantId, identityId) : undefined;
  const ownUnit =
    unit !== undefined &&
    unit.orgId !== null &&
    unit.parentId !== null &&
    !OPERATIONS_CODES.has(unit.identityCode) &&
    unit.orgName !== null;
  if (ownUnit) return { orgId: unit.orgId, name: unit.orgName ?? '', operator: false };
  return { orgId: null, name: await tenantName(tx, tenantId), operator: true };
}

/** The caller's payee. */
export function callerPayee(tx: Tx, auth: Pick<AuthContext, 'tenantId' | 'identityId' | 'actingFrom'>) {
  return payeeOfIdentity(tx, auth.tenantId, auth.identityId, auth.actingFrom !== null);
}

/** The caller as the routes pass it on: the person, their name, the payee they act for. */
export async function callerActor(
  tx: Tx,
  request: FastifyRequest,
): Promise<{ userId: number; name: string; payee: Payee }> {
  const auth = authOf(request);
  const [person, payee] = await Promise.all([personOf(tx, auth.userId), callerPayee(tx, auth)]);
  return { userId: auth.userId, name: person?.name ?? '', payee };
}

/**
 * What an export job needs to list as its caller did: the identity (its payee is read again when the
 * job runs), and whether a super administrator acts as the tenant.
 */
export function exportedViewer(request: FastifyRequest): { identityId: number | null; acting: boolean } {
  const auth = authOf(request);
  return { identityId: auth.identityId, acting: auth.actingFrom !== null };
}

/** The viewer of an export job: its user, and the payee of the identity that asked for it. */
export async function jobViewer(
  tx: Tx,
  tenantId: number,
  userId: number | null,
  payload: Record<string, unknown>,
): Promise<{ userId: number; payee: Payee }> {
  const identityId = typeof payload.identityId === 'number' ? payload.identityId : null;
  // An export queued before payees existed (no identity recorded) lists as its tenant's operators.
  const payee = await payeeOfIdentity(tx, tenantId, identityId, payload.acting === true);
  return { userId: userId ?? 0, payee };
}

/**
 * Which payee an operators' list shows: an operator what it asks for (nothing: every payee; 0 the
 * tenant itself; else the organisation), anyone else only its own, whatever it asks.
 */
export function listedPayee(payee: Payee, asked: number | undefined): number | null | undefined {
  if (!payee.operator) return payee.orgId;
  if (asked === undefined) return undefined;
  return asked === 0 ? null : asked;
}

/** Refuses anyone but the tenant's operators (settling with payees, the tenant's own settings). */
export function requireOperator(payee: Payee, what: string): void {
  if (!payee.operator) throw fail(`仅平台运营方可以${what}`, 403);
}

/**
 * The payee a business module names on an order: null (the tenant itself) or an organisation of
 * the tenant below its root, with the name the order keeps.
 */
export async function orderPayee(
  tx: Tx,
  tenantId: number,
  orgId: number | null | undefined,
): Promise<{ orgId: number | null; name: string }> {
  if (orgId === null || orgId === undefined) return { orgId: null, name: await tenantName(tx, tenantId) };
  const org = await repo.orgOf(tx, tenantId, orgId);
  if (!org) throw fail('收款单位不存在');
  // The tenant's own organisation (a root) is the tenant itself.
  if (org.parentId === null) return { orgId: null, name: await tenantName(tx, tenantId) };
  return { orgId: org.id, name: org.name };
}

/** The payee filter's choices: the tenant itself, then organisations by name (at most 50). */
export async function payeeOptions(tx: Tx, tenantId: number, keyword: string | undefined): Promise<TPayeeOption[]> {
  const own = await tenantName(tx, tenantId);
  const orgs = await repo.payeeOrgs(tx, tenantId, keyword, 50);
  const self = !keyword || own.includes(keyword) ? [{ value: 0, label: `${own}（本单位）` }] : [];
  return [...self, ...orgs.map((o) => ({ value: o.id, label: o.name }))];
}

export { orgNames } from './repository';
