// Second factors at sign-in (docs/product.md §4, docs/security.md W15): the one place that says which
// factors an account has and whether an answer satisfies one of them. A passkey is finished on its
// own sign-in route (routes/passkeys.ts); a code is checked here.
import { consumeRecoveryCode, findAccountTotp, hasPasskey, useTotpStep } from '@app/db';
import type { Services } from '@app/runtime';
import type { SecondFactorMethod } from '@app/shared';
import { hashRecoveryCode, totpStep } from './totp';

/** The second factors the account has turned on; sign-in asks for one whenever the list is not empty. */
export async function secondFactors(services: Services, accountId: number): Promise<SecondFactorMethod[]> {
  const { db } = services.database;
  const [totp, passkey] = await Promise.all([findAccountTotp(db, accountId), hasPasskey(db, accountId)]);
  return [...(totp?.enabledAt ? (['totp'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
}

/**
 * Whether `otp` is a current TOTP code not used before (the step is claimed, so a replay fails) or
 * an unused recovery code (used up here).
 */
export async function checkOneTimeCode(services: Services, accountId: number, otp: string): Promise<boolean> {
  const { db } = services.database;
  const step = await totpStep(services, accountId, otp);
  if (step !== null) return useTotpStep(db, accountId, step);
  return consumeRecoveryCode(db, accountId, hashRecoveryCode(otp));
}
