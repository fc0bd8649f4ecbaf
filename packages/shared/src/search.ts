import { z } from 'zod';

/** Longest search query accepted (docs/product.md §7 Search). */
export const SEARCH_QUERY_MAX = 200;
/** Words of one query: each is one more index look-up. */
export const SEARCH_QUERY_MAX_WORDS = 8;

export const SEARCH_MSG = {
  query: `The search must contain at least one letter or digit and at most ${SEARCH_QUERY_MAX} characters`,
  tooManyWords: `The search may contain at most ${SEARCH_QUERY_MAX_WORDS} words`,
} as const;

/**
 * The words of a text as search sees them: compatibility-decomposed (NFKD), without combining
 * marks, lower-case, split on everything that is not a letter or a digit. "Ébène" and "EBENE"
 * are the same word; an address gives its parts ("ada", "example", "org").
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** `?q=` of the search call: one to SEARCH_QUERY_MAX_WORDS words within SEARCH_QUERY_MAX characters. */
export const SearchTextSchema = z
  .string({ error: SEARCH_MSG.query })
  .max(SEARCH_QUERY_MAX, { error: SEARCH_MSG.query, abort: true })
  .refine((q) => searchWords(q).length > 0, { error: SEARCH_MSG.query, abort: true })
  .refine((q) => searchWords(q).length <= SEARCH_QUERY_MAX_WORDS, { error: SEARCH_MSG.tooManyWords });
