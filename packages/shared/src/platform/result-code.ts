/**
 * Body codes of the response envelope. The numbers are the spec's error catalogue
 * (000, section 8); docs/api.md says which situation answers which code.
 */
export const ResultCode = {
  /** Success. */
  OK: 200,
  /** A business rule or bad input refused the call; msg says why (shown to the user). */
  FAILED: 500,
  /** The caller may not use this call (shown to the user). */
  FORBIDDEN: 403,
  /** The identity has no right to the page (shown to the user; 100002 sends the user to /405). */
  NOT_ALLOWED: 405,
  /** Not logged in, or the session ended. */
  UNAUTHORIZED: 401,
  /** Login expired (confirm box, then back to login). */
  SESSION_EXPIRED: 200011,
  /** Login replaced or revoked (confirm box, then back to login). */
  SESSION_REVOKED: 200012,
  /** The token is invalid. */
  TOKEN_INVALID: 100001,
  /** The menu path is not in the identity's menu. */
  NO_PAGE_PERMISSION: 100002,
  /** The account was disabled or kicked out while logged in. */
  ACCOUNT_KICKED: 320001,
  /** A slide-captcha verification is required before the call is retried. */
  CAPTCHA_REQUIRED: 416,
  /** A dependent step failed; msg says which. */
  DEPENDENCY_FAILED: 424,
  /** The API path does not exist (the client never calls one). */
  NOT_FOUND: 404,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];
