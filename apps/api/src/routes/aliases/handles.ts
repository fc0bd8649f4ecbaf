import { randomInt } from 'node:crypto';
import { isAliasHandleTaken, type DbOrTx } from '@app/db';
import { randomAdjective, randomNoun } from '../account/generate';

// Random addresses read like `quiet.otter4821`: easy to tell apart, valid under the alias handle
// rule (docs/product.md §5), and with ~40 × 40 × 9990 ≈ 16 million combinations per domain.
export function randomAliasHandle(): string {
  return `${randomAdjective()}.${randomNoun()}${randomInt(10, 10_000)}`;
}

/** A random handle that no alias on the domain uses yet, or null after a few unlucky tries. */
export async function freeRandomHandle(db: DbOrTx, domainId: number, tries = 8): Promise<string | null> {
  for (let i = 0; i < tries; i++) {
    const handle = randomAliasHandle();
    if (!(await isAliasHandleTaken(db, domainId, handle))) return handle;
  }
  return null;
}
