import { randomInt } from 'node:crypto';
import { isAliasHandleTaken, type DbOrTx } from '@app/db';

// Random addresses read like `quiet.otter4821`: easy to tell apart, valid under the alias handle
// rule (SPEC §5), and with ~40 × 40 × 9990 ≈ 16 million combinations per domain.
const ADJECTIVES = [
  'amber', 'bold', 'brave', 'bright', 'calm', 'clever', 'cosmic', 'crisp', 'eager', 'fancy',
  'gentle', 'golden', 'happy', 'humble', 'jolly', 'keen', 'lively', 'lucky', 'mellow', 'merry',
  'misty', 'noble', 'polite', 'proud', 'quick', 'quiet', 'rapid', 'royal', 'rustic', 'shiny',
  'silent', 'silver', 'sly', 'snowy', 'sunny', 'swift', 'tidy', 'vivid', 'witty', 'zesty',
];
const NOUNS = [
  'acorn', 'badger', 'beacon', 'birch', 'canyon', 'cedar', 'comet', 'coral', 'crane', 'delta',
  'falcon', 'fern', 'fjord', 'gecko', 'harbor', 'heron', 'island', 'lagoon', 'lark', 'maple',
  'meadow', 'meteor', 'nebula', 'otter', 'owl', 'panda', 'pebble', 'pine', 'prairie', 'quartz',
  'raven', 'reef', 'river', 'robin', 'saturn', 'spruce', 'summit', 'tiger', 'tulip', 'willow',
];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

export function randomAliasHandle(): string {
  return `${pick(ADJECTIVES)}.${pick(NOUNS)}${randomInt(10, 10_000)}`;
}

/** A random handle that no alias on the domain uses yet, or null after a few unlucky tries. */
export async function freeRandomHandle(db: DbOrTx, domainId: number, tries = 8): Promise<string | null> {
  for (let i = 0; i < tries; i++) {
    const handle = randomAliasHandle();
    if (!(await isAliasHandleTaken(db, domainId, handle))) return handle;
  }
  return null;
}
