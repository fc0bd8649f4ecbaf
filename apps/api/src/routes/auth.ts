import { findAccountByHandle, findSubscription, type AccountRow } from '@app/db';
import { LoginBodySchema } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

  app.post('/login', { schema: { body: LoginBodySchema } }, async (request, reply) => {
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
    return { success: true, user: await userPayload(request, account) };
  });

  app.post('/logout', async (request, reply) => {
    await endSession(request, reply);
    return { success: true };
  });

  const whoami = (silent: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (silent && !(await readSession(request, reply))) return { success: false };
    const account = await requireAccount(request, reply);
    return { success: true, user: await userPayload(request, account) };
  };
  // Both renew the sliding session; the silent one answers 200 when signed out (public pages).
  app.get('/authenticate', whoami(false));
  app.get('/authentication_silent', whoami(true));
};
export default authRoutes;
