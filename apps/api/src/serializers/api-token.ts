import type { ApiTokenRow } from '@app/db';
import type { ApiToken, ApiTokenScope } from '@app/shared';

/** A token as its owner sees it: never the secret, which is not stored (docs/security.md TK1). */
export function serializeApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    label: row.label,
    scope: row.scope as ApiTokenScope,
    created: row.createdAt.toISOString(),
    last_used: row.lastUsedAt?.toISOString() ?? null,
    expires: row.expiresAt?.toISOString() ?? null,
  };
}
