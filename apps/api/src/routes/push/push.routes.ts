import { createHash } from 'node:crypto';
import { deletePushSubscription, upsertPushSubscription } from '@app/db';
import { seal } from '@app/runtime';
import { OkResponseSchema, PushKeyResponseSchema, PushSubscribeBodySchema, PushUnsubscribeBodySchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AccountParamsSchema } from '../../ownership';
import { requireSelf } from '../sign-in/sessions';

/** The row key of a subscription: its endpoint is a capability and is only stored sealed (docs/security.md NT2). */
const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

/** Browser notifications (docs/product.md §3 "Notifications"). */
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const key = await app.services.keys.accountKey(db, account.id);
      await upsertPushSubscription(db, {
        accountId: account.id,
        endpointHash: endpointHash(subscription.endpoint),
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
