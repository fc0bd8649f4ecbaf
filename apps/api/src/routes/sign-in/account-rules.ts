import { AccountHandleSchema, AccountPasswordSchema, profileFlash, RULE_MESSAGES } from '@app/shared';
import { AppError } from '../../errors';

/** Checks a password against the rule of docs/product.md §5 and returns it, or throws its flash. */
export function checkPassword(password: string): string {
  if (!AccountPasswordSchema.safeParse(password).success) {
    throw new AppError('VALIDATION', profileFlash('password', RULE_MESSAGES.accountPassword));
  }
  return password;
}

/** Checks a username against the rule of docs/product.md §5 and returns it lower-cased, or throws its flash. */
export function checkHandle(handle: string): string {
  if (!AccountHandleSchema.safeParse(handle).success) {
    throw new AppError('VALIDATION', profileFlash('username', RULE_MESSAGES.accountHandle));
  }
  return handle.toLowerCase();
}
