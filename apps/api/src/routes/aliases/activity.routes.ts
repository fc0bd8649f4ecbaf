import { countReceivedPerDay, countRefusedPerDay, listAliasLogEntries, topSenders, type AliasLogRow } from '@app/db';
import {
  AliasLogsResponseSchema,
  AliasStatisticsResponseSchema,
  STATISTICS_DAYS,
  TOP_SENDERS,
  type AliasLogEntry,
  type AliasStatistics,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AliasParamsSchema, ownedAlias } from '../../ownership';

const DAY_MS = 86_400_000;

function serializeLog(row: AliasLogRow): AliasLogEntry {
  return {
    id: row.id,
    created: row.created.toISOString(),
    user_id: row.userId,
    method: row.method,
    endpoint: row.endpoint,
    status: row.status,
    detail: row.detail,
  };
}

/** The UTC dates of the last `days` days, oldest first, today last. */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The alias log (docs/product.md §2 "Alias log") and its statistics (docs/architecture.md §4 "Statistics"). */
const aliasActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/:id/alias/:aliasId/logs',
    { schema: { params: AliasParamsSchema, response: answers(AliasLogsResponseSchema) } },
    async (request, reply) => {
      const { alias } = await ownedAlias(request, reply, request.params);
      const rows = await listAliasLogEntries(app.services.database.db, alias.id, 200);
      return { success: true as const, logs: rows.map(serializeLog) };
    },
  );

  app.get(
    '/account/:id/alias/:aliasId/statistics',
    { schema: { params: AliasParamsSchema, response: answers(AliasStatisticsResponseSchema) } },
    async (request, reply) => {
      const { alias } = await ownedAlias(request, reply, request.params);
      const { db } = app.services.database;
      const dates = lastDays(new Date(), STATISTICS_DAYS);
      const since = new Date(`${dates[0]}T00:00:00.000Z`);
      const [received, refused, senders] = await Promise.all([
        countReceivedPerDay(db, alias.id, since),
        countRefusedPerDay(db, alias.id, since),
        topSenders(db, alias.id, since, TOP_SENDERS),
      ]);
      const byDate = (rows: Array<{ date: string; n: number }>) => new Map(rows.map((r) => [r.date, r.n]));
      const r = byDate(received);
      const f = byDate(refused);
      const days = dates.map((date) => ({ date, received: r.get(date) ?? 0, refused: f.get(date) ?? 0 }));
      const statistics: AliasStatistics = {
        days,
        top_senders: senders.map((s) => ({ address: s.address, count: s.n })),
        totals: {
          received: days.reduce((n, d) => n + d.received, 0),
          refused: days.reduce((n, d) => n + d.refused, 0),
        },
      };
      return { success: true as const, statistics };
    },
  );
};
export default aliasActivityRoutes;
