import { searchMessages } from '@app/db';
import { queryTerms, type DataKey } from '@app/runtime';
import { MESSAGES_PAGE_SIZE, SearchResponseSchema, SearchTextSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../contract';
import { AccountParamsSchema, Id, ownedAlias } from '../../ownership';
import { requireSelf } from '../sign-in/sessions';
import { serializeMessageSummary } from '../../serializers/message';

const SearchQuery = z.object({
  q: SearchTextSchema,
  alias_id: Id.optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});

/**
 * Search over the account's mail (docs/product.md §7 Search) through the blind index: the query's
 * words are hashed under the account's search key and matched against the stored terms, so the
 * server compares hashes, never words (docs/security.md SR1). Trashed messages are left out.
 */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db } = services.database;

  app.get(
    '/account/:id/search',
    { schema: { params: AccountParamsSchema, querystring: SearchQuery, response: answers(SearchResponseSchema) } },
    async (request, reply) => {
      const { q, alias_id: aliasId, cursor } = request.query;
      // Another account's alias is the same 404 as a missing one (W3).
      const account = aliasId
        ? (await ownedAlias(request, reply, { id: request.params.id, aliasId })).account
        : await requireSelf(request, reply, request.params.id);
      const terms = queryTerms(await services.keys.searchKey(db, account.id), q);
      const rows = await searchMessages(db, account.id, terms, {
        aliasId,
        beforeId: cursor ? Number(cursor) : null,
        limit: MESSAGES_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, MESSAGES_PAGE_SIZE);
      const keysOf = new Map<number, (row: { keyId: number; keyWrapped: Buffer }) => DataKey>();
      for (const r of page) {
        if (!keysOf.has(r.aliasKeyId))
          keysOf.set(r.aliasKeyId, await services.keys.contentKeys(db, { accountId: account.id, keyId: r.aliasKeyId }));
      }
      return {
        success: true as const,
        messages: page.map((r) => serializeMessageSummary(r, keysOf.get(r.aliasKeyId)!(r))),
        next_cursor: rows.length > MESSAGES_PAGE_SIZE ? String(page[page.length - 1]!.id) : null,
      };
    },
  );
};

export default searchRoutes;
