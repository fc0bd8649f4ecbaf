/** The closed list of API error codes; every error body carries one. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'LIMIT_REACHED',
  'CONFIRM_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'CSRF',
  'REAUTH_REQUIRED',
  'BILLING_OFF',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one table from error code to HTTP status. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  LIMIT_REACHED: 403,
  /** The request does something the owner must confirm first; the same request with `confirm: true` proceeds. */
  CONFIRM_REQUIRED: 409,
  PAYLOAD_TOO_LARGE: 413,
  CSRF: 403,
  /** A credential change from a session that has not proven its owner lately (docs/security.md W17). */
  REAUTH_REQUIRED: 403,
  BILLING_OFF: 503,
  INTERNAL: 500,
};

/** The error envelope; `success` and `msg` keep the SPA's response handling working. */
export type ErrorBody = {
  success: false;
  msg: string;
  code: ErrorCode;
  requestId?: string;
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return (ERROR_CODES as readonly unknown[]).includes(value);
}
