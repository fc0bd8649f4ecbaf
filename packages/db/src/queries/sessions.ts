import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { prepared, type DbOrTx } from '../client';
import { accounts, aliases, domains, sessions } from '../schema/index';
import type { AccountRow } from './accounts';
import type { AliasWithDomain } from './aliases';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: DbOrTx,
  values: { tokenHash: string; accountId: number; expiresAt: Date; ip?: string | null; userAgent?: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * The session of the token, with its account, while its sliding expiry is ahead and it began after
 * `startedAfter`: one round trip for what every signed-in request needs first.
 */
const live = and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now')), gt(sessions.createdAt, sql.placeholder('startedAfter')));
const liveSession = prepared((db) =>
  db.select({ session: sessions, account: accounts }).from(sessions).innerJoin(accounts, eq(accounts.id, sessions.accountId)).where(live).prepare('find_live_session'),
);
/** The same with one alias of the account and its domain name (null when it has no such alias). */
const liveSessionWithAlias = prepared((db) =>
  db
    .select({ session: sessions, account: accounts, alias: aliases, domain: domains.name })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(aliases, and(eq(aliases.accountId, accounts.id), eq(aliases.id, sql.placeholder('aliasId'))))
    .leftJoin(domains, eq(domains.id, aliases.domainId))
    .where(live)
    .prepare('find_live_session_with_alias'),
);

export interface LiveSession {
  session: SessionRow;
  account: AccountRow;
  /** With `aliasId`: that alias of the account, or null when it has none of that id. */
  alias?: AliasWithDomain | null;
}

/** `aliasId`: a request about one alias reads it in the same round trip, owned by the session's account. */
export async function findLiveSession(db: DbOrTx, tokenHash: string, startedAfter: Date, aliasId?: number): Promise<LiveSession | null> {
  const values = { tokenHash, now: new Date().toISOString(), startedAfter: startedAfter.toISOString() };
  if (aliasId === undefined) return (await liveSession(db).execute(values))[0] ?? null;
  const [row] = await liveSessionWithAlias(db).execute({ ...values, aliasId });
  return row ? { session: row.session, account: row.account, alias: row.alias && row.domain !== null ? { alias: row.alias, domain: row.domain } : null } : null;
}

/** The same liveness by row id: for signed URLs that name their session (never for the cookie). */
export async function findLiveSessionById(db: DbOrTx, id: number, startedAfter: Date): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), gt(sessions.createdAt, startedAfter)));
  return row ?? null;
}

export async function extendSession(db: DbOrTx, id: number, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of the account, or every one but `keepId` (after a password change). */
export async function deleteAccountSessions(db: DbOrTx, accountId: number, keepId?: number): Promise<void> {
  await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.accountId, accountId), ne(sessions.id, keepId)) : eq(sessions.accountId, accountId));
}

/** Removes sessions past their expiry (run by the worker's retention); returns how many. */
export async function deleteExpiredSessions(db: DbOrTx): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
  return gone.length;
}
