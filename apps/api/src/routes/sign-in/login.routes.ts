import { findAccountByHandle } from '@app/db';
import { namedBucket, type LimitName } from '@app/runtime';
import {
  LoginBodySchema,
  LoginResponseSchema,
  OkResponseSchema,
  SilentUserResponseSchema,
  signInWaitMessage,
  TOTP_MSG,
  UserResponseSchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { deviceOf, rememberDevice } from './device-cookie';
import { verifyPassword } from './passwords';
import { checkOneTimeCode, secondFactors } from './second-factor';
import { endSession, readSession, requireAccount, startSession } from './sessions';
import { userPayload } from '../../serializers/user';

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

/**
 * Sign-in attempts (docs/security.md W5, W19; the limits are the `login:*` ones of FIXED_LIMITS in
 * packages/runtime/src/rate-limit.ts): a browser presenting the account's device cookie counts
 * against its own bucket only, so failures from elsewhere never lock the owner's browser out. Any other client counts per account and client address (a
 * stranger guessing cannot lock out the owner's other addresses), per account with a short window
 * against guessing from many addresses, and per address against spraying many accounts. A
 * refusal lasts minutes at most and says how many seconds to wait.
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limiter, config } = app.services;

  app.post('/login', { schema: { body: LoginBodySchema, response: answers(LoginResponseSchema) } }, async (request, reply) => {
    const handle = request.body.handle.trim().toLowerCase();
    const account = await findAccountByHandle(app.services.database.db, handle);
    const device = account ? deviceOf(request, account.id) : null;
    const bucket = (name: LimitName, subject: string) => namedBucket(config, name, subject);
    const first = device ? bucket('login:device', device) : bucket('login:pair', `${handle}:${request.ip}`);
    const buckets = device ? [first] : [first, bucket('login:account', handle), bucket('login:ip', request.ip)];
    // One atomic attempt before the password is checked: parallel guesses cannot outrun the limit.
    const { allowed, retryAfterMs } = await limiter.consume(buckets);
    if (!allowed) {
      logFailedSignIn(request, account?.id ?? null, 'rate limited');
      throw new AppError('RATE_LIMITED', signInWaitMessage(Math.ceil(retryAfterMs / 1000)), retryAfterMs);
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
    await limiter.reset(first.key);
    await startSession(request, reply, account.id);
    rememberDevice(request, reply, account.id);
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
