import { searchMessages, type Db, type SearchRow } from '@app/db';
import { openText, type DataKey } from './crypto';
import { cursorId, pageOf } from './paging';
import { queryTerms } from './search';
import type { Services } from './services';
import { parseSearchQuery, searchFold, searchHoldsAt, searchWords, type SearchClause } from '@app/shared';

/**
 * Candidates of the first fetch when clauses on sealed fields are checked one message at a time,
 * in pages: most searches fill a page from it; each further fetch is twice the one before, so a
 * search opens at most about twice the candidates it needs, in a few round trips.
 */
const FIRST_CHUNK_PAGES = 2;

export type KeyOf = (row: SearchRow) => DataKey;

export interface SearchRun {
  /** Matches, newest first, at most `want`. */
  rows: SearchRow[];
  /** Where the next page starts; null when the search is done. */
  nextCursor: string | null;
  /**
   * The scan stopped at `scanMax` candidates before `want` matches were found: more results may
   * exist past `nextCursor`.
   */
  partial: boolean;
  keyOf: KeyOf;
}

/** Is `words` a run of consecutive words of `text`? */
function holdsPhrase(text: string | null, words: string[]): boolean {
  if (!text) return false;
  return ` ${searchWords(text).join(' ')} `.includes(` ${words.join(' ')} `);
}

/**
 * The clauses no column in clear answers (`subject:`, phrases), as one test on an opened candidate;
 * null when there are none, so the database's answer is the result.
 */
function sealedTest(clauses: SearchClause[]): ((row: SearchRow, key: DataKey) => boolean) | null {
  const sealed = clauses.filter((c) => c.op === 'subject' || c.op === 'phrase');
  if (!sealed.length) return null;
  return (row, key) => {
    const subject = openText(key, row.subjectSealed);
    let text: string | null | undefined;
    return sealed.every((c) => {
      let holds: boolean;
      if (c.op === 'subject') holds = searchHoldsAt(searchFold(subject ?? ''), c.value);
      else if (c.op === 'phrase') {
        holds =
          holdsPhrase(subject, c.words) ||
          holdsPhrase(`${row.senderLabel} ${row.senderAddress}`, c.words) ||
          holdsPhrase((text ??= openText(key, row.textSealed)), c.words);
      } else holds = true;
      return holds !== c.negated;
    });
  };
}

/**
 * One search (docs/product.md §7 Search), for the api's search and the mail access's SEARCH alike:
 * the blind index and the columns in clear narrow the account's messages to candidates; clauses on
 * sealed fields are checked by opening each candidate, at most `scanMax` of them per call, so a
 * query's work stays bounded (docs/security.md SR3).
 */
export async function runSearch(
  services: Services,
  db: Db,
  accountId: number,
  opts: { q: string; aliasId?: number; cursor?: string; want: number; scanMax: number },
): Promise<SearchRun> {
  const parsed = parseSearchQuery(opts.q);
  // The request schema parsed the query already.
  if (!parsed.ok) throw new Error(parsed.error);
  const { clauses } = parsed;
  const terms = queryTerms(await services.keys.searchKey(db, accountId), clauses, opts.aliasId);
  const test = sealedTest(clauses);
  const plan = {
    ...terms,
    clauses,
    now: new Date(),
    aliasId: opts.aliasId,
    withText: clauses.some((c) => c.op === 'phrase'),
  };
  let beforeId = cursorId(opts.cursor);
  const done = async (rows: SearchRow[], partial = false) => ({
    rows,
    partial,
    keyOf: await services.keys.accountContentKeys(db, accountId, rows),
  });

  if (!test) {
    const { page, nextCursor } = pageOf(
      await searchMessages(db, accountId, { ...plan, beforeId, limit: opts.want + 1 }),
      opts.want,
    );
    return { ...(await done(page)), nextCursor };
  }

  const matches: SearchRow[] = [];
  let scanned = 0;
  let chunkSize = FIRST_CHUNK_PAGES * (opts.want + 1);
  for (; ; chunkSize *= 2) {
    const limit = Math.min(opts.scanMax - scanned, chunkSize);
    const chunk = await searchMessages(db, accountId, { ...plan, beforeId, limit });
    const keyOf = await services.keys.accountContentKeys(db, accountId, chunk);
    for (const row of chunk) {
      scanned++;
      beforeId = row.id;
      if (test(row, keyOf(row))) matches.push(row);
      if (matches.length > opts.want) {
        const { page, nextCursor } = pageOf(matches, opts.want);
        return { ...(await done(page)), nextCursor };
      }
    }
    if (chunk.length < limit) return { ...(await done(matches)), nextCursor: null };
    if (scanned >= opts.scanMax) return { ...(await done(matches, true)), nextCursor: String(beforeId) };
  }
}
