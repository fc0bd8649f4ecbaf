import { findAccountByHandle, findSubscription, type AccountRow } from '@app/db';
import { LoginBodySchema, OkResponseSchema, SilentUserResponseSchema, UserResponseSchema } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../contract';
import { AppError } from '../errors';
import { verifyPassword } from '../passwords';
import { endSession, readSession, requireAccount, startSession } from '../plugins/auth';
import { serializeUser } from '../serializers/user';

/** Failed sign-ins allowed per minute, counted per account and per address (SECURITY.md W5). */
export const LOGIN_LIMIT_PER_ACCOUNT = 10;
const LOGIN_LIMIT_PER_IP = 50;
const WINDOW_MS = 60_000;

export async function userPayload(request: FastifyRequest, account: AccountRow) {
  const subscription = await findSubscription(request.server.services.database.db, account.id);
  return serializeUser(account, subscription);
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limiter } = app.services;

  app.post('/login', { schema: { body: LoginBodySchema, response: answers(UserResponseSchema) } }, async (request, reply) => {
    const handle = request.body.handle.trim().toLowerCase();
    const accountKey = `login:account:${handle}`;
    const ipKey = `login:ip:${request.ip}`;
    const [accountOk, ipOk] = await Promise.all([
      limiter.peek(accountKey, LOGIN_LIMIT_PER_ACCOUNT),
      limiter.peek(ipKey, LOGIN_LIMIT_PER_IP),
    ]);
    if (!accountOk || !ipOk) throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');

    const account = await findAccountByHandle(app.services.database.db, handle);
    const valid = await verifyPassword(account?.passwordHash, request.body.password);
    if (!account || !valid || account.suspendedAt) {
      await Promise.all([limiter.hit(accountKey, LOGIN_LIMIT_PER_ACCOUNT, WINDOW_MS), limiter.hit(ipKey, LOGIN_LIMIT_PER_IP, WINDOW_MS)]);
      throw new AppError('UNAUTHENTICATED', 'Invalid username or password.');
    }
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
