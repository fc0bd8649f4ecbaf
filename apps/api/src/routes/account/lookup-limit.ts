import { ACCESS_MSG } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/** Address checks and generators per account and minute: enough for typing, too few for scraping. */
export const LOOKUP_LIMIT_PER_MINUTE = 60;

/**
 * The look-ups that probe the database for free names (check/alias, generate/*) are rate-limited
 * per account (docs/security.md W5): they would otherwise enumerate taken addresses at full speed.
 */
export async function limitLookups(request: FastifyRequest, accountId: number): Promise<void> {
  const { allowed } = await request.server.services.limiter.consume([
    { key: `lookup:${accountId}`, limit: LOOKUP_LIMIT_PER_MINUTE, windowMs: 60_000 },
  ]);
  if (!allowed) throw new AppError('RATE_LIMITED', ACCESS_MSG.tooManyAttempts);
}
