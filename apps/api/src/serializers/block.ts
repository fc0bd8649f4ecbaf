import type { BlockRow } from '@app/db';
import type { BlockRule } from '@app/shared';

/** docs/product.md §3 "Blocked senders". */
export function serializeBlock(row: BlockRow): BlockRule {
  return {
    id: row.id,
    kind: row.kind === 'domain' ? 'domain' : 'sender',
    value: row.value,
    alias_id: row.aliasId,
    count: row.hits,
    last_blocked: row.lastHitAt ? row.lastHitAt.toISOString() : null,
    created: row.createdAt.toISOString(),
  };
}
