import type { PasskeyRow } from '@app/db';
import type { Passkey } from '@app/shared';

/** A passkey as its owner sees it: never the credential id or the public key. */
export function serializePasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created: row.createdAt.toISOString(),
    last_used: row.lastUsedAt?.toISOString() ?? null,
  };
}
