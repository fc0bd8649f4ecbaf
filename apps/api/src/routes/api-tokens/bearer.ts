import { findLiveApiToken, touchApiToken } from '@app/db';
import { hashToken, namedBucket } from '@app/runtime';
import { API_TOKEN_MSG, type ApiTokenScope } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/**
 * Personal API tokens (docs/product.md §2, docs/security.md TK1–TK6): `Authorization: Bearer <token>`
 * stands in for the session cookie on `/api/account/{id}/…` calls of the token's own account. With a
 * bearer header the cookie is never read, so the CSRF guard (which protects cookies) does not apply.
 */
export interface ApiTokenState {
  id: number;
  accountId: number;
  scope: ApiTokenScope;
  expiresAt: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiToken?: ApiTokenState;
  }
  interface FastifyContextConfig {
    /**
     * A compatible endpoint (routes/compat/, docs/bitwarden.md): any account's token reaches it, also
     * as SimpleLogin's `Authentication: <token>`, and the session cookie never does.
     */
    compatible?: boolean;
  }
}

/** Whether the request is for one of the compatible endpoints. */
export function isCompatibleRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config?.compatible === true;
}

/**
 * The API token secret of the request, if it sends one: `Authorization: Bearer <token>`, or on the
 * compatible endpoints also `Authentication: <token>` (how SimpleLogin's clients send it).
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer !== undefined || !isCompatibleRoute(request)) return bearer;
  const header = request.headers.authentication;
  return typeof header === 'string' ? /^\s*(\S+)\s*$/.exec(header)?.[1] : undefined;
}

/**
 * Account-security calls a token may never make (docs/security.md TK3): the profile save (password,
 * e-mail, username), deleting the account, and everything under these paths, whichever routes they
 * hold: two-factor, passkeys, tokens, sessions, confirming a session. Matched on the route's path pattern.
 */
const ACCOUNT_SECURITY = /^\/api\/account\/:id(?:\/(?:password|email|username|totp|passkeys|tokens|sessions|reauth)(?:\/.*)?)?$/;
/** Where a token learns its own account, scope and expiry. */
export const TOKEN_SELF_ROUTE = '/api/token';
/** The live stream lives and dies with a session (docs/security.md W1). */
const SESSION_STREAM = '/api/account/:id/events';
const READ_METHODS = new Set(['GET', 'HEAD']);
/** `last_used` is written at most once a minute. */
const TOUCH_AFTER_MS = 60_000;

/** Why a bearer token may not call this route (by its path pattern), or null when it may. */
export function apiTokenRefusal(route: string | undefined): string | null {
  if (route === TOKEN_SELF_ROUTE) return null;
  if (!route?.startsWith('/api/account/:id')) return API_TOKEN_MSG.accountRoutesOnly;
  if (ACCOUNT_SECURITY.test(route)) return API_TOKEN_MSG.securityRoute;
  if (route === SESSION_STREAM) return API_TOKEN_MSG.sessionOnly;
  return null;
}

/**
 * Admin-only calls never accept a token, not even the admin's (docs/security.md TK3), wherever their
 * path lies (the invitations live under /api/account/{id}). `requireAdmin`, the one gate of every
 * admin-only route, asks this first, so a new admin route cannot forget it.
 */
export function refuseApiTokenOnAdminRoute(request: FastifyRequest): void {
  if (request.apiToken) throw new AppError('FORBIDDEN', API_TOKEN_MSG.adminRoute);
}

export function registerApiTokens(app: FastifyInstance): void {
  const { database, limiter, config } = app.services;
  app.addHook('onRequest', async (request) => {
    const secret = bearerToken(request);
    if (secret === undefined) return;
    // An unknown path is judged by its shape, so a call the server does not have yet is refused the same way.
    const route = request.routeOptions.url ?? request.url.split('?')[0]!.replace(/^\/api\/account\/[^/]+/, '/api/account/:id');
    const refused = isCompatibleRoute(request) ? null : apiTokenRefusal(route);
    if (refused) throw new AppError('FORBIDDEN', refused);
    const row = await findLiveApiToken(database.db, hashToken(secret));
    if (!row) throw new AppError('UNAUTHENTICATED', API_TOKEN_MSG.invalid);
    const scope = row.scope as ApiTokenScope;
    if (scope === 'mail') throw new AppError('FORBIDDEN', API_TOKEN_MSG.mailOnly);
    if (scope !== 'write' && !READ_METHODS.has(request.method)) throw new AppError('FORBIDDEN', API_TOKEN_MSG.readOnly);
    const { allowed } = await limiter.consume([namedBucket(config, 'api-token', row.id)]);
    if (!allowed) throw new AppError('RATE_LIMITED', API_TOKEN_MSG.tooManyCalls);
    const since = new Date(Date.now() - TOUCH_AFTER_MS);
    if (!row.lastUsedAt || row.lastUsedAt < since) await touchApiToken(database.db, row.id, since);
    request.apiToken = { id: row.id, accountId: row.accountId, scope, expiresAt: row.expiresAt };
  });
}
