import { randomBytes } from 'node:crypto';
import {
  deleteSession,
  extendSession,
  findAccountById,
  findLiveSession,
  insertSession,
  type AccountRow,
  type AliasWithDomain,
  type OwnedMessage,
  type SessionTarget,
} from '@app/db';
import { ADMIN_ACCOUNT_ID, SESSION_TTL_MS } from '@app/shared';
import { hashToken, type Services } from '@app/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../errors';
import { refuseApiTokenOnAdminRoute } from '../api-tokens/bearer';

/**
 * Sessions (docs/architecture.md §4, docs/security.md W1): an opaque 256-bit token in an HttpOnly cookie, stored
 * only as its SHA-256, with a sliding 15-minute expiry and an absolute lifetime (below).
 * Page scripts never see the token.
 */
export interface SessionState {
  id: number;
  accountId: number;
  tokenHash: string;
  /** The last sign-in or re-authentication (docs/security.md W17). */
  authenticatedAt: Date;
  /** The account as read with the session (absent for a session started by this request). */
  account?: AccountRow;
  /** The path's alias as read with the session (readSession's `target`): null when not the account's. */
  alias?: AliasWithDomain | null;
  /** The path's message as read with the session (a `target` with its `messageId`): null when not the account's. */
  message?: OwnedMessage | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionState?: SessionState | null;
  }
}

/** `__Host-` pins the cookie to this host and path; browsers only accept it with Secure (https). */
export function cookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid';
}

export function isSecure(request: FastifyRequest): boolean {
  return request.server.services.config.PUBLIC_URL.startsWith('https:');
}

function setCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = isSecure(request);
  reply.setCookie(cookieName(secure), token, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/**
 * Starts a new session (a fresh token at every sign-in: no fixation) and sets the cookie. A sign-in
 * proves the owner, so the new session may change credentials for REAUTH_WINDOW_MS (docs/security.md W17).
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, accountId: number): Promise<void> {
  const { db } = request.server.services.database;
  const old = readToken(request);
  if (old) await deleteSession(db, hashToken(old));
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  await insertSession(db, {
    tokenHash,
    accountId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 255) ?? null,
  });
  request.sessionState = { id: 0, accountId, tokenHash, authenticatedAt: new Date() };
  setCookie(request, reply, token);
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = readToken(request);
  const session = await readSession(request, reply);
  if (token) await deleteSession(request.server.services.database.db, hashToken(token));
  request.sessionState = null;
  reply.clearCookie(cookieName(isSecure(request)), { path: '/' });
  if (session) await sessionsEnded(request.server.services, session.accountId);
}

/**
 * Tells every process that sessions of the account were deleted (logout, reset, password change,
 * suspension), so live streams and signed URLs bound to them stop at once (docs/security.md W1).
 */
export async function sessionsEnded(services: Services, accountId: number): Promise<void> {
  await services.events.publish(accountId, { type: 'session' }).catch(() => undefined);
}

/** Whether a session read earlier is still live and its account not suspended. */
export async function sessionStillLive(services: Services, session: SessionState): Promise<boolean> {
  const { db } = services.database;
  const row = await findLiveSession(db, session.tokenHash, new Date(Date.now() - SESSION_MAX_AGE_MS));
  return !!row && !row.account.suspendedAt;
}

function readToken(request: FastifyRequest): string | undefined {
  return request.cookies[cookieName(isSecure(request))] || undefined;
}

/** However busy, a session ends 12 hours after sign-in (docs/security.md W1). */
export const SESSION_MAX_AGE_MS = 12 * 3600_000;

/** Extending at most once a minute keeps a busy page from writing on every request. */
const EXTEND_AFTER_MS = 60_000;

/**
 * The live session of the request, renewed (sliding expiry); null when signed out. `target`: the
 * path's alias or message, read in the same query when the session is read first (ownership.ts
 * ownedAlias, openMessage).
 */
export async function readSession(
  request: FastifyRequest,
  reply: FastifyReply,
  target?: SessionTarget,
): Promise<SessionState | null> {
  if (request.sessionState !== undefined) return request.sessionState;
  const token = readToken(request);
  if (!token) return (request.sessionState = null);
  const { db } = request.server.services.database;
  const found = await findLiveSession(db, hashToken(token), new Date(Date.now() - SESSION_MAX_AGE_MS), target);
  if (!found) {
    reply.clearCookie(cookieName(isSecure(request)), { path: '/' });
    return (request.sessionState = null);
  }
  const { session, account, alias, message } = found;
  if (session.expiresAt.getTime() - Date.now() < SESSION_TTL_MS - EXTEND_AFTER_MS) {
    await extendSession(db, session.id, new Date(Date.now() + SESSION_TTL_MS));
    setCookie(request, reply, token);
  }
  return (request.sessionState = {
    id: session.id,
    accountId: session.accountId,
    tokenHash: session.tokenHash,
    authenticatedAt: session.authenticatedAt,
    account,
    alias,
    message,
  });
}

/**
 * The signed-in account, whatever its state; 401 when signed out or suspended. A request with an API
 * token (plugins/api-tokens.ts) acts as the token's account and never reads the cookie.
 */
export async function requireAccount(request: FastifyRequest, reply: FastifyReply): Promise<AccountRow> {
  const session = request.apiToken ? null : await readSession(request, reply);
  const accountId = request.apiToken ? request.apiToken.accountId : session?.accountId;
  const account =
    accountId !== undefined && (session?.account ?? (await findAccountById(request.server.services.database.db, accountId)));
  if (!account || account.suspendedAt) throw new AppError('UNAUTHENTICATED', 'Please sign in.');
  return account;
}

/** A signed-in account that is registered and approved (docs/product.md §6). */
export async function requireMember(request: FastifyRequest, reply: FastifyReply): Promise<AccountRow> {
  const account = await requireAccount(request, reply);
  if (!account.registeredAt || !account.approvedAt) throw new AppError('FORBIDDEN', 'Your account is not active yet.');
  return account;
}

/** `/api/account/{id}/...`: the id must be the signed-in member, else the same 404 as a missing one. */
export async function requireSelf(request: FastifyRequest, reply: FastifyReply, id: number): Promise<AccountRow> {
  const account = await requireMember(request, reply);
  if (account.id !== id) throw notFound();
  return account;
}

/** Admin-only calls: 403 for any other member (docs/product.md §6: the admin is account 1), and for every API token. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<AccountRow> {
  refuseApiTokenOnAdminRoute(request);
  const account = await requireMember(request, reply);
  if (account.id !== ADMIN_ACCOUNT_ID) throw new AppError('FORBIDDEN', 'Only the admin may do that.');
  return account;
}
