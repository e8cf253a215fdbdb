import { IDENTITY_GROUPS, IdentityStatus, PageType, type PageTypeCode } from '@shetuan/shared/identity';

const UNIT_MEMBER_CODES = new Set<number>(IDENTITY_GROUPS.unitMember);
const EXPERT_CODES = new Set<number>(IDENTITY_GROUPS.expert);

/**
 * The page type of one identity (see README): active logs in directly (3, or 14 when chosen
 * explicitly); disabled 11; an expert's registration pending or rejected 21; a unit member's (and a
 * unit user's) application pending 13, rejected 19, not paid 20; any other identity's pending 12,
 * rejected 17, not paid 18. So each result page speaks of one state (the expert page of two), and
 * its words can say which.
 */
export function pageTypeOfIdentity(identity: { identityCode: number; status: number }, chosen: boolean): PageTypeCode {
  const { identityCode: code, status } = identity;
  if (status === IdentityStatus.ACTIVE) return chosen ? PageType.DIRECT_BY_IDENTITY : PageType.DIRECT;
  if (status === IdentityStatus.DISABLED) return PageType.MEMBER_FORBIDDEN;
  if (EXPERT_CODES.has(code) && (status === IdentityStatus.PENDING || status === IdentityStatus.REJECTED)) {
    return PageType.EXPERT_RESULT;
  }
  const unit = UNIT_MEMBER_CODES.has(code);
  if (status === IdentityStatus.REJECTED) return unit ? PageType.UNIT_MEMBER_RESULT : PageType.MEMBER_RESULT;
  if (status === IdentityStatus.UNPAID) return unit ? PageType.UNIT_MEMBER_NOT_PAID : PageType.MEMBER_NOT_PAID;
  // Pending review (and a state this code does not know yet, which is not active either).
  return unit ? PageType.MEMBER_EXAMINE_RESULT_EXPORT : PageType.MEMBER_EXAMINE_RESULT;
}
