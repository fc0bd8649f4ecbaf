import { randomInt } from 'node:crypto';

// Suggestions for the profile's Generate buttons (docs/product.md §2) and random alias addresses. Random from the CSPRNG; the password
// alphabet leaves out look-alikes (0/O, 1/l/I) so a written-down password reads back right.
const ADJECTIVES = [
  'amber',
  'brave',
  'calm',
  'clever',
  'cosmic',
  'crisp',
  'dusty',
  'eager',
  'fancy',
  'gentle',
  'golden',
  'happy',
  'hidden',
  'icy',
  'jolly',
  'keen',
  'lively',
  'lucky',
  'mellow',
  'misty',
  'nimble',
  'noble',
  'plain',
  'proud',
  'quiet',
  'rapid',
  'rosy',
  'silent',
  'silver',
  'sunny',
  'swift',
  'tidy',
  'velvet',
  'vivid',
  'warm',
  'wild',
  'witty',
  'young',
  'zesty',
  'bold',
];
const NOUNS = [
  'badger',
  'beacon',
  'cedar',
  'comet',
  'condor',
  'coral',
  'falcon',
  'fern',
  'finch',
  'fox',
  'glacier',
  'harbor',
  'heron',
  'island',
  'jaguar',
  'lagoon',
  'lantern',
  'lynx',
  'maple',
  'meadow',
  'meteor',
  'otter',
  'owl',
  'panda',
  'pebble',
  'pine',
  'quartz',
  'raven',
  'river',
  'robin',
  'sparrow',
  'summit',
  'thistle',
  'tiger',
  'valley',
  'walrus',
  'willow',
  'wolf',
  'wren',
  'yak',
];
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#%+-=?@^_';

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;
const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export const randomAdjective = () => pick(ADJECTIVES);
export const randomNoun = () => pick(NOUNS);

/** A username matching the account handle rule: adjective_noun_1234. */
export function generateHandle(): string {
  return `${pick(ADJECTIVES)}_${pick(NOUNS)}_${randomInt(1000, 10_000)}`;
}

/** A display name: "Gentle Heron". */
export function generateName(): string {
  return `${capital(pick(ADJECTIVES))} ${capital(pick(NOUNS))}`;
}

/** 20 characters (about 120 bits), within the 8-64, no-whitespace rule. */
export function generatePassword(length = 20): string {
  let out = '';
  for (let i = 0; i < length; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}
