import { createHash, randomBytes } from 'node:crypto';

/**
 * Single-use codes of invitation and reset links (docs/security.md W4, W6): 256 bits from the CSPRNG,
 * base64url in the link, only the SHA-256 stored.
 */
export function newCode(): { code: string; hash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: hashCode(code) };
}

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** What a code in a URL may look like; anything else is answered like an unknown code. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
