import { findAccountByHandle, findLiveApiToken, touchApiToken } from '@app/db';
import { hashToken, namedBucket, type Bucket, type Services } from '@app/runtime';

/** Who a mail client signed in as: the account, the app password it used, and `+handle`'s one alias. */
export interface MailUser {
  accountId: number;
  tokenHash: string;
  /** The alias handle after `+` in the user name (POP3: that alias alone); null for every alias. */
  aliasHandle: string | null;
}

export const SIGN_IN_REFUSED = 'Sign in with your username and an app password (Profile › API tokens, scope App password).';
export const SIGN_IN_THROTTLED = 'Too many failed sign-ins. Please wait a few minutes.';

/** `last_used` is written at most once a minute, as for API calls. */
const TOUCH_AFTER_MS = 60_000;

/**
 * Signs a mail client in (docs/mail-clients.md): the user name is the account's username (with an
 * optional `+<alias handle>`), the password an API token of scope `mail`. The account password never
 * works here, so a second factor cannot be bypassed. Failures are counted per account and address and
 * per address alone (the rate limiter of the web sign-in); while a bucket is full nothing is checked.
 */
export async function signIn(
  services: Services,
  name: string,
  password: string,
  client: string,
): Promise<MailUser | { refused: string }> {
  const [handle = '', aliasHandle = null] = name.trim().toLowerCase().split('+', 2);
  const bucket = (n: 'mail:pair' | 'mail:ip' | 'mail:account', subject: string): Bucket =>
    namedBucket(services.config, n, subject);
  const buckets = [bucket('mail:pair', `${handle}:${client}`), bucket('mail:account', handle), bucket('mail:ip', client)];
  for (const b of buckets) if (await services.limiter.isFull(b)) return { refused: SIGN_IN_THROTTLED };
  const { db } = services.database;
  const tokenHash = hashToken(password);
  const [account, token] = await Promise.all([findAccountByHandle(db, handle), findLiveApiToken(db, tokenHash)]);
  if (!account || account.suspendedAt || token?.scope !== 'mail' || token.accountId !== account.id) {
    await services.limiter.consume(buckets);
    services.log.info({ accountId: account?.id ?? null, client }, 'mail sign-in failed');
    return { refused: SIGN_IN_REFUSED };
  }
  await touchApiToken(db, token.id, new Date(Date.now() - TOUCH_AFTER_MS));
  return { accountId: account.id, tokenHash, aliasHandle: aliasHandle || null };
}

/** Whether the app password still works: a revoked token (or a reset, which revokes them) ends the session. */
export async function stillSignedIn(services: Services, user: MailUser): Promise<boolean> {
  const token = await findLiveApiToken(services.database.db, user.tokenHash);
  return token?.accountId === user.accountId && token.scope === 'mail';
}
