import { randomInt } from 'node:crypto';
import { isAliasHandleTaken, type DbOrTx } from '@app/db';
import { randomAdjective, randomNoun } from '../account/generate';

// Random addresses read like `quiet.otter4821`: easy to tell apart, valid under the alias handle
// rule (docs/product.md §5), and with ~40 × 40 × 9990 ≈ 16 million combinations per domain.
export function randomAliasHandle(): string {
  return `${randomAdjective()}.${randomNoun()}${randomInt(10, 10_000)}`;
}

const SITE_SUFFIX_CHARS = 'abcdefghijkmnpqrstuvwxyz23456789';
const SITE_PREFIX_MAX = 24;

/**
 * The readable part a site gives a handle: the first label of its organisational domain, letters and
 * digits only (`shop.co.uk` → `shop`), or null when nothing is left.
 */
export function sitePrefix(origin: string): string | null {
  const prefix = (origin.split('.')[0] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, SITE_PREFIX_MAX);
  return prefix || null;
}

/**
 * `shop-x7k2q9`: the site's prefix and six random characters (32^6 ≈ 10^9 per prefix), valid under the
 * alias handle rule (packages/shared rules.ts) since the prefix starts with a letter or digit.
 */
export function sitePrefixedHandle(prefix: string): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += SITE_SUFFIX_CHARS[randomInt(SITE_SUFFIX_CHARS.length)];
  return `${prefix}-${suffix}`;
}

/**
 * A random handle that no alias on the domain uses yet, or null after a few unlucky tries; with a
 * site prefix, `prefix-xxxxxx` instead of the usual words.
 */
export async function freeRandomHandle(
  db: DbOrTx,
  domainId: number,
  prefix: string | null = null,
  tries = 8,
): Promise<string | null> {
  for (let i = 0; i < tries; i++) {
    const handle = prefix ? sitePrefixedHandle(prefix) : randomAliasHandle();
    if (!(await isAliasHandleTaken(db, domainId, handle))) return handle;
  }
  return null;
}
