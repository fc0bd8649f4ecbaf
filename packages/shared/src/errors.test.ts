import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, isErrorCode } from './errors';

describe('error codes', () => {
  it('maps every code to its status', () => {
    expect(ERROR_STATUS).toEqual({
      BAD_REQUEST: 400,
      VALIDATION: 400,
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      RATE_LIMITED: 429,
      LIMIT_REACHED: 403,
      CONFIRM_REQUIRED: 409,
      PAYLOAD_TOO_LARGE: 413,
      CSRF: 403,
      REAUTH_REQUIRED: 403,
      BILLING_OFF: 503,
      INTERNAL: 500,
    });
    expect(Object.keys(ERROR_STATUS)).toEqual([...ERROR_CODES]);
  });

  it('recognises only listed codes', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('not_found')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
