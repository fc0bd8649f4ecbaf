import { appendAliasLogEntry, type AccountRow, type AliasRow } from '@app/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the alias is known to be the caller's: the change is then written to its log. */
    aliasLog?: { aliasId: number; userId: number; detail: string | null };
  }
}

/** Called by the ownership gate: from here on, a write to this alias is logged whatever its outcome. */
export function trackAliasWrites(request: FastifyRequest, account: AccountRow, alias: AliasRow): void {
  request.aliasLog = { aliasId: alias.id, userId: account.id, detail: null };
}

/** Names what a write changed (field names, and on/off states: never values, which may be notes or addresses). */
export function setLogDetail(request: FastifyRequest, detail: string): void {
  if (request.aliasLog) request.aliasLog.detail = detail.slice(0, 500);
}

/**
 * Appends an alias log entry (method, endpoint, status) for every write to an owned alias, refused
 * ones included. onSend runs before the response leaves, so a client that reads the log right
 * after its change sees the entry.
 */
export function registerAliasLog(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const target = request.aliasLog;
    if (!target || request.method === 'GET' || request.method === 'HEAD') return payload;
    request.aliasLog = undefined;
    try {
      await appendAliasLogEntry(request.server.services.database.db, {
        aliasId: target.aliasId,
        userId: target.userId,
        method: request.method,
        endpoint: request.url.split('?')[0]!.slice(0, 300),
        status: reply.statusCode,
        detail: target.detail,
      });
    } catch (err) {
      // The alias may have been deleted meanwhile; the log never fails the call itself.
      request.log.warn({ err, aliasId: target.aliasId }, 'alias log entry not written');
    }
    return payload;
  });
}
