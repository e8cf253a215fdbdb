import type { Tx } from '../../platform/db';
import { assignDefaultRole } from '../../platform/rbac';
import * as repo from './repository';

/**
 * Gives a person an identity in the tenant, for modules that admit people themselves (an expert
 * added to the library, an approved registration). A new mobile gets an account without a
 * password: the person logs in with an SMS code, or sets one with 忘记密码. A person who already
 * holds the identity keeps it (its status is set when given).
 */
export async function grantIdentity(
  tx: Tx,
  tenantId: number,
  input: { mobile: string; name: string; identityCode: number; orgId: number | null; status: number },
): Promise<{ userId: number; identityId: number; existed: boolean }> {
  const existing = await repo.findLogin(tx, input.mobile);
  const userId = existing?.id ?? (await repo.insertUser(tx, { name: input.name, mobile: input.mobile }));
  return { ...(await grantIdentityToUser(tx, tenantId, userId, input)), userId, existed: Boolean(existing) };
}

/** grantIdentity for a known person (the caller applying for an identity). */
export async function grantIdentityToUser(
  tx: Tx,
  tenantId: number,
  userId: number,
  input: { identityCode: number; orgId: number | null; status: number },
): Promise<{ identityId: number }> {
  await repo.addTenantUser(tx, tenantId, userId);
  const held = await repo.findIdentityOfCode(tx, tenantId, userId, input.identityCode);
  if (held) {
    if (held.status !== input.status) await repo.setIdentityStatus(tx, tenantId, held.id, { status: input.status });
    return { identityId: held.id };
  }
  const identityId = await repo.insertIdentity(tx, {
    tenantId,
    userId,
    identityCode: input.identityCode,
    orgId: input.orgId,
    status: input.status,
  });
  await assignDefaultRole(tx, tenantId, identityId, input.identityCode);
  return { identityId };
}

export { setIdentityStatus } from './repository';
