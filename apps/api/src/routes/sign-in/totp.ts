// TOTP second factor (RFC 6238; docs/product.md §4, docs/security.md W15, W16): the secret is sealed
// under the account key, codes are checked within one step either side, and each step is used once.
import { findAccountTotp, type DbOrTx } from '@app/db';
import { open, seal, type Services } from '@app/runtime';
import { Secret, TOTP } from 'otpauth';
import { hashCode } from './codes';

/** Clock drift tolerated, in 30-second steps either side (RFC 6238 §5.2). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totpOf(services: Services, label: string, secret: Secret): TOTP {
  return new TOTP({ issuer: new URL(services.config.PUBLIC_URL).hostname, label, secret });
}

/** A fresh 160-bit secret (RFC 4226 §4), sealed for storage, with what the authenticator app needs. */
export async function newTotpSecret(services: Services, db: DbOrTx, account: { id: number; handle: string | null }) {
  const secret = new Secret({ size: 20 });
  const key = await services.keys.accountKey(db, account.id);
  return {
    sealed: seal(key, secret.base32),
    secret: secret.base32,
    otpauthUrl: totpOf(services, account.handle ?? String(account.id), secret).toString(),
  };
}

/**
 * The time step a code belongs to when it is valid for the account's stored secret (pending or
 * enabled) right now, else null. The caller still has to claim the step (`useTotpStep`).
 */
export async function totpStep(services: Services, accountId: number, code: string): Promise<number | null> {
  const { db } = services.database;
  const row = await findAccountTotp(db, accountId);
  const token = code.replace(/\s/g, '');
  if (!row || !/^\d{6}$/.test(token)) return null;
  const key = await services.keys.accountKey(db, accountId);
  const totp = totpOf(services, '', Secret.fromBase32(open(key, row.secretSealed).toString('utf8')));
  const now = Date.now();
  const delta = totp.validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Ten recovery codes of 80 random bits each, written in groups of four, and their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    new Secret({ size: 10 }).base32.toLowerCase().match(/.{4}/g)!.join('-'),
  );
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
export function hashRecoveryCode(code: string): string {
  return hashCode(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
}
