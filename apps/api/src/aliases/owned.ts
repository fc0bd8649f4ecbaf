import { appendAliasLogEntry, findEffectivePackage, findOwnedAlias, type AccountRow, type aliases, type PackageRow } from '@app/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../errors';
import { requireSelf } from '../plugins/auth';

export type AliasRow = typeof aliases.$inferSelect;

/** `/account/:id/alias/:aliasId…`; a non-numeric id is a 400, any other id a 404 when not owned. */
export const AliasParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  aliasId: z.coerce.number().int().positive(),
});
export const AccountParamsSchema = z.object({ id: z.coerce.number().int().positive() });

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the alias is known to be the caller's: the change is then written to its log. */
    aliasLog?: { aliasId: number; userId: number; detail: string | null };
  }
}

/**
 * The signed-in member and their alias. Another account's alias and a missing one get the same
 * 404 (SECURITY.md W3). Writes to an owned alias are logged whatever their outcome.
 */
export async function ownedAlias(
  request: FastifyRequest,
  reply: FastifyReply,
  params: { id: number; aliasId: number },
): Promise<{ account: AccountRow; alias: AliasRow }> {
  const account = await requireSelf(request, reply, params.id);
  const alias = await findOwnedAlias(request.server.services.database.db, account.id, params.aliasId);
  if (!alias) throw notFound();
  request.aliasLog = { aliasId: alias.id, userId: account.id, detail: null };
  return { account, alias };
}

/** The package in force for the account (Free when none or expired). */
export function accountPackage(request: FastifyRequest, account: AccountRow): Promise<PackageRow> {
  return findEffectivePackage(request.server.services.database.db, account.id);
}

/** Names what a write changed (field names only: never values, which may be notes or addresses). */
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
