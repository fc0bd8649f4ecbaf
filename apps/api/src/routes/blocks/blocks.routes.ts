// Blocked senders (docs/product.md §3 "Blocked senders"): rules the mx refuses mail by, for one
// alias or the whole account. The mx reads them; this lists, adds and removes them.
import { countBlocks, deleteBlock, insertBlock, listBlocks } from '@app/db';
import {
  BLOCK_MESSAGES,
  BLOCKS_PER_ACCOUNT,
  BlockResponseSchema,
  BlocksResponseSchema,
  CreateBlockBodySchema,
  OkResponseSchema,
  blockOf,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AppError, notFound } from '../../errors';
import { AccountParamsSchema, aliasOfAccount } from '../../ownership';
import { serializeBlock } from '../../serializers/block';
import { requireSelf } from '../sign-in/sessions';

const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services.database;

  app.get(
    '/account/:id/blocks',
    { schema: { params: AccountParamsSchema, response: answers(BlocksResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      return { success: true as const, blocks: (await listBlocks(db, account.id)).map(serializeBlock) };
    },
  );

  app.post(
    '/account/:id/blocks',
    { schema: { params: AccountParamsSchema, body: CreateBlockBodySchema, response: answers(BlockResponseSchema, 201) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const aliasId = request.body.alias_id ? (await aliasOfAccount(app.services, account.id, request.body.alias_id)).id : null;
      if ((await countBlocks(db, account.id)) >= BLOCKS_PER_ACCOUNT)
        throw new AppError('LIMIT_REACHED', BLOCK_MESSAGES.tooMany(BLOCKS_PER_ACCOUNT));
      const row = await insertBlock(db, { accountId: account.id, aliasId, ...blockOf(request.body) });
      if (!row) throw new AppError('CONFLICT', BLOCK_MESSAGES.exists);
      reply.code(201);
      return { success: true as const, msg: BLOCK_MESSAGES.created, block: serializeBlock(row) };
    },
  );

  // The rule to remove is named as it was added: `{sender}` or `{domain}`, and its `alias_id` if it had one.
  app.delete(
    '/account/:id/blocks',
    { schema: { params: AccountParamsSchema, body: CreateBlockBodySchema, response: answers(OkResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const rule = blockOf(request.body);
      const aliasId = request.body.alias_id ?? null;
      const found = (await listBlocks(db, account.id)).find(
        (b) => b.kind === rule.kind && b.value === rule.value && b.aliasId === aliasId,
      );
      if (!found || !(await deleteBlock(db, account.id, found.id))) throw notFound();
      return { success: true as const, msg: BLOCK_MESSAGES.removed };
    },
  );
};
export default blockRoutes;
