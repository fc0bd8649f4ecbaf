import { and, desc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { aliasLogs, inbound } from '../schema/index';

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

/** Recent mail the mx refused for a known alias (its activity-log rows of status 4xx/5xx): reasons, no addresses. */
export async function listSmtpRefusals(db: DbOrTx, limit = 100) {
  return db
    .select({
      id: aliasLogs.id,
      aliasId: aliasLogs.aliasId,
      stage: aliasLogs.endpoint,
      code: aliasLogs.status,
      reason: aliasLogs.detail,
      created: aliasLogs.created,
    })
    .from(aliasLogs)
    .where(and(eq(aliasLogs.method, 'SMTP'), gte(aliasLogs.status, 400)))
    .orderBy(desc(aliasLogs.id))
    .limit(limit);
}
