import { createHash } from 'node:crypto';
import { countOtherPushSubscriptions, deletePushSubscription, upsertPushSubscription } from '@app/db';
import { resolveAllowed, type AddressPolicy } from '@app/mail';
import { seal } from '@app/runtime';
import {
  OkResponseSchema,
  PUSH_MAX_SUBSCRIPTIONS,
  PUSH_MESSAGES,
  PushKeyResponseSchema,
  PushSubscribeBodySchema,
  PushUnsubscribeBodySchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { AccountParamsSchema } from '../../ownership';
import { requireSelf } from '../sign-in/sessions';

/** The row key of a subscription: its endpoint is a capability and is only stored sealed (docs/security.md NT2). */
const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

export interface PushRouteOptions {
  /** Where an endpoint may be: public addresses only (docs/security.md W20); tests let loopback through. */
  policy: AddressPolicy;
}

/**
 * Browser notifications (docs/product.md §3 "Notifications"). An endpoint is a URL the browser's
 * vendor gives, but the request carries it, so it is held to the SSRF guard (docs/security.md W20):
 * its host must resolve to public addresses only, here and again when the worker sends; and an
 * account has at most PUSH_MAX_SUBSCRIPTIONS.
 */
const pushRoutes: FastifyPluginAsyncZod<PushRouteOptions> = async (app, opts) => {
  app.get('/push/key', { schema: { response: answers(PushKeyResponseSchema) } }, async () => {
    const { publicKey } = await app.services.push.vapid(app.services.database.db);
    return { success: true as const, public_key: publicKey };
  });

  app.post(
    '/account/:id/push',
    { schema: { params: AccountParamsSchema, body: PushSubscribeBodySchema, response: answers(OkResponseSchema, 201) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const { db } = app.services.database;
      const { subscription } = request.body;
      const resolved = await resolveAllowed(new URL(subscription.endpoint).hostname, opts.policy);
      if (!resolved.ok) throw new AppError('BAD_REQUEST', PUSH_MESSAGES.notPublic);
      const hash = endpointHash(subscription.endpoint);
      if ((await countOtherPushSubscriptions(db, account.id, hash)) >= PUSH_MAX_SUBSCRIPTIONS) {
        throw new AppError('LIMIT_REACHED', PUSH_MESSAGES.tooMany);
      }
      const key = await app.services.keys.accountKey(db, account.id);
      await upsertPushSubscription(db, {
        accountId: account.id,
        endpointHash: hash,
        sealed: seal(key, JSON.stringify(subscription)),
      });
      reply.code(201);
      return { success: true as const };
    },
  );

  app.delete(
    '/account/:id/push',
    { schema: { params: AccountParamsSchema, body: PushUnsubscribeBodySchema, response: answers(OkResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      // Unknown and another account's endpoints alike: nothing to delete, the same answer.
      await deletePushSubscription(app.services.database.db, account.id, endpointHash(request.body.endpoint));
      return { success: true as const };
    },
  );
};
export default pushRoutes;
