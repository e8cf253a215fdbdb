import { IdentityStatus, PageType, type PageTypeCode } from '@shetuan/shared/identity';

const MEMBER_CODES = new Set([1, 12, 16, 103, 109]);
const UNIT_MEMBER_CODES = new Set([13, 15, 110]);
const EXPERT_CODES = new Set([3, 17, 104, 111]);

/**
 * The page type of one identity (see README): disabled 11; a member's application pending 12
 * (a unit member's 13), rejected 17 (unit 19), not paid 18 (unit 20); an expert's registration
 * pending or rejected 21; otherwise it logs in directly (3, or 14 when chosen explicitly).
 */
export function pageTypeOfIdentity(identity: { identityCode: number; status: number }, chosen: boolean): PageTypeCode {
  const { identityCode: code, status } = identity;
  if (status === IdentityStatus.DISABLED) return PageType.MEMBER_FORBIDDEN;
  if (UNIT_MEMBER_CODES.has(code)) {
    if (status === IdentityStatus.PENDING) return PageType.MEMBER_EXAMINE_RESULT_EXPORT;
    if (status === IdentityStatus.REJECTED) return PageType.UNIT_MEMBER_RESULT;
    if (status === IdentityStatus.UNPAID) return PageType.UNIT_MEMBER_NOT_PAID;
  }
  if (MEMBER_CODES.has(code)) {
    if (status === IdentityStatus.PENDING) return PageType.MEMBER_EXAMINE_RESULT;
    if (status === IdentityStatus.REJECTED) return PageType.MEMBER_RESULT;
    if (status === IdentityStatus.UNPAID) return PageType.MEMBER_NOT_PAID;
  }
  if (EXPERT_CODES.has(code) && (status === IdentityStatus.PENDING || status === IdentityStatus.REJECTED)) {
    return PageType.EXPERT_RESULT;
  }
  if (status !== IdentityStatus.ACTIVE) return PageType.MEMBER_EXAMINE_RESULT;
  return chosen ? PageType.DIRECT_BY_IDENTITY : PageType.DIRECT;
}
