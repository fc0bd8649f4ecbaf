import { appendAliasLogEntry, type AccountRow, type AliasRow, type DbOrTx } from '@app/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a write to an owned alias adds to its log; written once, by writeAliasLog. */
interface AliasLogTarget {
  aliasId: number;
  userId: number;
  /** The request's path unless the handler names the action (`trash`, `message_spam`, …). */
  endpoint: string | null;
  detail: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    aliasLog?: AliasLogTarget;
  }
}

/**
 * Records that this request writes to the caller's alias: its log gets one entry (method, endpoint,
 * status, detail), refused calls included, written when the answer is sent (registerAliasLog) or,
 * for a change made in a transaction, inside it (writeAliasLog).
 */
export function logAliasWrite(
  request: FastifyRequest,
  account: AccountRow,
  alias: AliasRow,
  entry: { endpoint?: string; detail?: string } = {},
): void {
  request.aliasLog = { aliasId: alias.id, userId: account.id, endpoint: entry.endpoint ?? null, detail: null };
  if (entry.detail !== undefined) setLogDetail(request, entry.detail);
}

/** Names what a write changed (field names, and on/off states: never values, which may be notes or addresses). */
export function setLogDetail(request: FastifyRequest, detail: string): void {
  if (request.aliasLog) request.aliasLog.detail = detail.slice(0, 500);
}

/** Writes the request's entry, once: in the change's transaction when given one, so both commit together. */
export async function writeAliasLog(db: DbOrTx, request: FastifyRequest, status: number): Promise<void> {
  const target = request.aliasLog;
  if (!target) return;
  request.aliasLog = undefined;
  await appendAliasLogEntry(db, {
    aliasId: target.aliasId,
    userId: target.userId,
    method: request.method,
    endpoint: target.endpoint ?? request.url.split('?')[0]!.slice(0, 300),
    status,
    detail: target.detail,
  });
}

/**
 * Writes the entry a request recorded and has not written yet, with the answer's status. onSend runs
 * before the response leaves, so a client that reads the log right after its change sees the entry.
 */
export function registerAliasLog(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.aliasLog) return payload;
    const { aliasId } = request.aliasLog;
    try {
      await writeAliasLog(request.server.services.database.db, request, reply.statusCode);
    } catch (err) {
      // The alias may have been deleted meanwhile; the log never fails the call itself.
      request.log.warn({ err, aliasId }, 'alias log entry not written');
    }
    return payload;
  });
}
