import {
  SearchQuerySchema,
  MESSAGES_PAGE_SIZE,
  SEARCH_BULK_MAX,
  SearchBulkBodySchema,
  SearchBulkResponseSchema,
  SearchResponseSchema,
  BLOCKS_PER_ACCOUNT,
  blockOf,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import type { AccountRow } from '@app/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccountParamsSchema, ownedAlias } from '../../ownership';
import { requireSelf } from '../sign-in/sessions';
import { serializeMessageSummary } from '../../serializers/message';
import { blockTarget } from '../../serializers/message';
import { countBlocks, insertBlock } from '@app/db';
import { readMessageMeta } from '@app/mail';
import { messageActions, openText, runSearch, type SearchRun } from '@app/runtime';

/** Candidates one page opens at most to check `subject:` and phrases (docs/security.md SR3). */
const PAGE_SCAN_MAX = 500;
/** Candidates one bulk action opens at most. */
const BULK_SCAN_MAX = 5000;

/** The account, narrowed to one of its aliases with `aliasId`: another account's alias is the same 404 as a missing one (W3). */
async function searchScope(
  request: FastifyRequest,
  reply: FastifyReply,
  id: number,
  aliasId: number | undefined,
): Promise<AccountRow> {
  return aliasId ? (await ownedAlias(request, reply, { id, aliasId })).account : requireSelf(request, reply, id);
}

/**
 * Search over the account's mail (docs/product.md §7 Search) through the blind index: the query's
 * words are hashed under the account's search key and matched against the stored terms, so the
 * server compares hashes, never words (docs/security.md SR1); operators on sender, recipient,
 * flags, dates and sizes read columns in clear, and `subject:` and phrases open the candidates
 * (SR3). Trashed messages are left out.
 */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db } = services.database;
  const actions = messageActions(services);

  /**
   * Blocks the sender of every result, as "Block sender" would (blockTarget: the authenticated From,
   * else the envelope sender), each once, within the account's limit; returns the rules added.
   */
  async function blockSenders(accountId: number, aliasId: number | null, run: SearchRun): Promise<number> {
    const senders = new Set<string>();
    for (const r of run.rows) {
      const target = blockTarget(r, readMessageMeta(openText(run.keyOf(r), r.metaSealed)));
      if (target) senders.add(target.sender);
    }
    let room = BLOCKS_PER_ACCOUNT - (await countBlocks(db, accountId));
    let added = 0;
    for (const sender of senders) {
      if (room <= 0) break;
      if (await insertBlock(db, { accountId, aliasId, ...blockOf({ sender }) })) {
        added++;
        room--;
      }
    }
    return added;
  }

  app.get(
    '/account/:id/search',
    { schema: { params: AccountParamsSchema, querystring: SearchQuerySchema, response: answers(SearchResponseSchema) } },
    async (request, reply) => {
      const { q, alias_id: aliasId, cursor } = request.query;
      const account = await searchScope(request, reply, request.params.id, aliasId);
      const run = await runSearch(services, db, account.id, {
        q,
        aliasId,
        cursor,
        want: MESSAGES_PAGE_SIZE,
        scanMax: PAGE_SCAN_MAX,
      });
      return {
        success: true as const,
        messages: run.rows.map((r) => serializeMessageSummary(r, run.keyOf(r))),
        next_cursor: run.nextCursor,
        partial: run.partial,
      };
    },
  );

  // A bulk action covers every result, not only the page shown, up to SEARCH_BULK_MAX a call; `more`
  // says that a next call may find more.
  app.post(
    '/account/:id/search/bulk',
    { schema: { params: AccountParamsSchema, body: SearchBulkBodySchema, response: answers(SearchBulkResponseSchema) } },
    async (request, reply) => {
      const { q, alias_id: aliasId, action } = request.body;
      const account = await searchScope(request, reply, request.params.id, aliasId);
      const run = await runSearch(services, db, account.id, { q, aliasId, want: SEARCH_BULK_MAX, scanMax: BULK_SCAN_MAX });
      const byAlias = new Map<number, number[]>();
      for (const r of run.rows) byAlias.set(r.aliasId, [...(byAlias.get(r.aliasId) ?? []), r.id]);
      let count = 0;
      if (action === 'block') {
        count = await blockSenders(account.id, aliasId ?? null, run);
        return { success: true as const, count, more: run.nextCursor !== null };
      }
      for (const [id, ids] of byAlias) {
        count +=
          action === 'trash'
            ? await actions.trash(account.id, id, ids)
            : await actions.mark(account.id, id, ids, action === 'read');
      }
      // Marking read what is already read changes nothing, so `more` counts what was left to look at.
      return { success: true as const, count, more: run.nextCursor !== null };
    },
  );
};

export default searchRoutes;
