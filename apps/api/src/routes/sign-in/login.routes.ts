import { findAccountByHandle, findSubscription, type AccountRow } from '@app/db';
import {
  LoginBodySchema,
  LoginResponseSchema,
  OkResponseSchema,
  SilentUserResponseSchema,
  TOTP_MSG,
  UserResponseSchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { verifyPassword } from './passwords';
import { checkOneTimeCode, secondFactors } from './second-factor';
import { endSession, readSession, requireAccount, startSession } from './sessions';
import { serializeUser } from '../../serializers/user';

/**
 * Sign-in attempts (docs/security.md W5): a fast limit per account and client address, so a stranger
 * guessing from elsewhere cannot lock the owner out; a slower ceiling per account against
 * guessing from many addresses; and one per address against spraying many accounts.
 */
export const LOGIN_LIMIT_PER_ACCOUNT_AND_IP = 10;
export const LOGIN_LIMIT_PER_ACCOUNT = 100;
export const LOGIN_LIMIT_PER_IP = 50;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export async function userPayload(request: FastifyRequest, account: AccountRow) {
  const subscription = await findSubscription(request.server.services.database.db, account.id);
  return serializeUser(account, subscription);
}

/**
 * One line per failed sign-in for the operator: the account (its id, null for a username that
 * does not exist: what was typed may be a password) and the client address (docs/security.md DEP10).
 */
function logFailedSignIn(
  request: FastifyRequest,
  accountId: number | null,
  reason: 'password' | 'second factor' | 'rate limited',
) {
  request.log.info({ accountId, client: request.ip, reason }, 'sign-in failed');
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limiter } = app.services;

  app.post('/login', { schema: { body: LoginBodySchema, response: answers(LoginResponseSchema) } }, async (request, reply) => {
    const handle = request.body.handle.trim().toLowerCase();
    const pairKey = `login:pair:${handle}:${request.ip}`;
    // One atomic attempt before the password is checked: parallel guesses cannot outrun the limit.
    const { allowed } = await limiter.consume([
      { key: pairKey, limit: LOGIN_LIMIT_PER_ACCOUNT_AND_IP, windowMs: MINUTE },
      { key: `login:account:${handle}`, limit: LOGIN_LIMIT_PER_ACCOUNT, windowMs: HOUR },
      { key: `login:ip:${request.ip}`, limit: LOGIN_LIMIT_PER_IP, windowMs: MINUTE },
    ]);
    const account = await findAccountByHandle(app.services.database.db, handle);
    if (!allowed) {
      logFailedSignIn(request, account?.id ?? null, 'rate limited');
      throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
    }
    const valid = await verifyPassword(account?.passwordHash, request.body.password);
    if (!account || !valid || account.suspendedAt) {
      logFailedSignIn(request, account?.id ?? null, 'password');
      throw new AppError('UNAUTHENTICATED', 'Invalid username or password.');
    }
    // docs/security.md W15: with a second factor the password alone opens no session. A code counts
    // only for an account with TOTP on (a passkey is finished on its own sign-in route); a wrong one
    // was counted above like a wrong password, and the count is cleared only by a full sign-in.
    const methods = await secondFactors(app.services, account.id);
    if (methods.length > 0) {
      const otp = request.body.otp?.trim();
      if (!otp) return { success: false as const, otp_required: true as const, methods };
      if (!methods.includes('totp') || !(await checkOneTimeCode(app.services, account.id, otp))) {
        logFailedSignIn(request, account.id, 'second factor');
        throw new AppError('UNAUTHENTICATED', TOTP_MSG.wrongCode);
      }
    }
    // The owner's own typos are forgiven once they get in.
    await limiter.reset(pairKey);
    await startSession(request, reply, account.id);
    return { success: true as const, user: await userPayload(request, account) };
  });

  app.post('/logout', { schema: { response: answers(OkResponseSchema) } }, async (request, reply) => {
    await endSession(request, reply);
    return { success: true as const };
  });

  const whoami = async (request: FastifyRequest, reply: FastifyReply) => ({
    success: true as const,
    user: await userPayload(request, await requireAccount(request, reply)),
  });
  // Both renew the sliding session; the silent one answers 200 when signed out (public pages).
  app.get('/authenticate', { schema: { response: answers(UserResponseSchema) } }, whoami);
  app.get('/authentication_silent', { schema: { response: answers(SilentUserResponseSchema) } }, async (request, reply) =>
    (await readSession(request, reply)) ? whoami(request, reply) : { success: false as const },
  );
};
export default authRoutes;
