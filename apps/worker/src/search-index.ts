import {
  analyzeMessageTerms,
  insertMessageTerms,
  listUnindexedMessages,
  lockUnindexedMessages,
  markSearchIndexed,
  type MessageTermsRow,
} from '@app/db';
import { messageTerms, openText, type Services } from '@app/runtime';

const BATCH = 200;

/**
 * Indexes for search the messages that have no index yet (mail stored before search existed, and
 * messages written outside ingest), oldest first, a batch per transaction: a run that stops
 * half-way leaves the rest flagged for the next (docs/product.md §7 Search, docs/security.md SR1).
 * Progress goes to the log; no word does.
 */
export async function runSearchIndex(services: Services): Promise<number> {
  const { db } = services.database;
  const log = services.log.child({ component: 'search-index' });
  let afterId = 0;
  let total = 0;
  for (;;) {
    const rows = await listUnindexedMessages(db, afterId, BATCH);
    if (!rows.length) break;
    const terms: MessageTermsRow[] = [];
    const opened: number[] = [];
    for (const r of rows) {
      try {
        const key = (await services.keys.contentKeys(db, { accountId: r.accountId, keyId: r.aliasKeyId }))(r);
        const searchKey = await services.keys.searchKey(db, r.accountId);
        const searchable = {
          aliasId: r.aliasId,
          senderAddress: r.senderAddress,
          senderLabel: r.senderLabel,
          subject: openText(key, r.subjectSealed),
          text: openText(key, r.textSealed),
        };
        terms.push({
          accountId: r.accountId,
          messageId: r.id,
          ...messageTerms(searchKey, searchable),
        });
        opened.push(r.id);
      } catch (err) {
        // A message this process cannot open must not hold back the others; it stays unindexed
        // and is tried again by the next run.
        log.warn({ messageId: r.id, err: (err as Error).message }, 'search index: message could not be opened');
      }
    }
    await db.transaction(async (tx) => {
      const still = new Set(await lockUnindexedMessages(tx, opened));
      await insertMessageTerms(
        tx,
        terms.filter((t) => still.has(t.messageId)),
      );
      await markSearchIndexed(tx, [...still]);
    });
    total += opened.length;
    afterId = rows[rows.length - 1]!.id;
    log.info({ indexed: total }, 'search index: messages indexed so far');
    if (rows.length < BATCH) break;
  }
  if (total >= BATCH) await analyzeMessageTerms(db);
  if (total) log.info({ indexed: total }, 'search index: done');
  return total;
}
