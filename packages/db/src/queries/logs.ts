import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { inbound } from '../schema/index';

/** Recent inbound mail that could not be processed: ids, sizes and reasons only, never content. */
export async function listFailedInbound(db: DbOrTx, limit = 100) {
  return db
    .select({
      id: inbound.id,
      receivedAt: inbound.receivedAt,
      size: inbound.size,
      attempts: inbound.attempts,
      error: inbound.error,
    })
    .from(inbound)
    .where(eq(inbound.state, 'failed'))
    .orderBy(desc(inbound.id))
    .limit(limit);
}
