// What a new password ends (docs/security.md W18): everything that was reached with the old one.
import {
  deleteAccountApiTokens,
  deleteAccountSessions,
  deletePasskeysAddedSince,
  invalidateResetRequests,
  type DbOrTx,
} from '@app/db';

export interface OldSecretOptions {
  /** REAUTH_WINDOW_MS: passkeys added this recently may have been added by whoever held the old secret. */
  reauthWindowMs: number;
  /** A password change made in a signed-in session keeps that session. */
  keepSessionId?: number | undefined;
  /** Tokens the owner named to keep (a signed-in change only); by default none is kept. */
  keepTokenIds?: number[] | undefined;
}

/**
 * Ends the account's sessions, API tokens, passkeys added within the re-authentication window and
 * outstanding reset links. The caller publishes the session-ended event once this has committed.
 */
export async function endOldSecretReach(
  db: DbOrTx,
  accountId: number,
  opts: OldSecretOptions,
): Promise<{ tokens: number; passkeys: number }> {
  await deleteAccountSessions(db, accountId, opts.keepSessionId);
  await invalidateResetRequests(db, accountId);
  const tokens = await deleteAccountApiTokens(db, accountId, opts.keepTokenIds);
  const passkeys = await deletePasskeysAddedSince(db, accountId, new Date(Date.now() - opts.reauthWindowMs));
  return { tokens, passkeys };
}
