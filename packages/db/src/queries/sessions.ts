import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { prepared, type DbOrTx } from '../client';
import { accounts, aliases, domains, keys, messages, sessions } from '../schema/index';
import type { AccountRow } from './accounts';
import type { AliasWithDomain } from './aliases';
import { ownedMessageColumns, ownedMessageOf, type OwnedMessage } from './message-read';

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
const live = and(
  eq(sessions.tokenHash, sql.placeholder('tokenHash')),
  gt(sessions.expiresAt, sql.placeholder('now')),
  gt(sessions.createdAt, sql.placeholder('startedAfter')),
);
const liveSession = prepared((db) =>
  db
    .select({ session: sessions, account: accounts })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(live)
    .prepare('find_live_session'),
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

/**
 * The same with one visible message of one alias of the account, read as findOwnedMessage reads it
 * (null when the account has no such alias, or the alias no such message): the message joins only
 * an alias that already joined as the account's.
 */
const liveSessionWithMessage = prepared((db) =>
  db
    .select({ session: sessions, account: accounts, ...ownedMessageColumns })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(aliases, and(eq(aliases.accountId, accounts.id), eq(aliases.id, sql.placeholder('aliasId'))))
    .leftJoin(
      messages,
      and(
        eq(messages.aliasId, aliases.id),
        eq(messages.accountId, accounts.id),
        eq(messages.id, sql.placeholder('messageId')),
        isNull(messages.trashedAt),
      ),
    )
    .leftJoin(keys, eq(keys.id, messages.keyId))
    .leftJoin(domains, eq(domains.id, aliases.domainId))
    .where(live)
    .prepare('find_live_session_with_message'),
);

export interface LiveSession {
  session: SessionRow;
  account: AccountRow;
  /** With `aliasId`: that alias of the account, or null when it has none of that id. */
  alias?: AliasWithDomain | null;
  /** With `messageId` too: that message of the alias, or null when it is not there. */
  message?: OwnedMessage | null;
}

/** The path's alias (and message) a request is about, read with its session. */
export interface SessionTarget {
  aliasId: number;
  messageId?: number;
}

/** `target`: a request about one alias or message reads it in the same round trip, owned by the session's account. */
export async function findLiveSession(
  db: DbOrTx,
  tokenHash: string,
  startedAfter: Date,
  target?: SessionTarget,
): Promise<LiveSession | null> {
  const values = { tokenHash, now: new Date().toISOString(), startedAfter: startedAfter.toISOString() };
  if (target === undefined) return (await liveSession(db).execute(values))[0] ?? null;
  if (target.messageId !== undefined) {
    const [row] = await liveSessionWithMessage(db).execute({ ...values, aliasId: target.aliasId, messageId: target.messageId });
    return row ? { session: row.session, account: row.account, message: ownedMessageOf(row) } : null;
  }
  const [row] = await liveSessionWithAlias(db).execute({ ...values, aliasId: target.aliasId });
  return row
    ? {
        session: row.session,
        account: row.account,
        alias: row.alias && row.domain !== null ? { alias: row.alias, domain: row.domain } : null,
      }
    : null;
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

/** Records that the session just proved its owner again (docs/security.md W17). */
export async function stampSessionAuthenticated(db: DbOrTx, id: number, at = new Date()): Promise<void> {
  await db.update(sessions).set({ authenticatedAt: at }).where(eq(sessions.id, id));
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
