import { namedBucket } from '@app/runtime';
import { ACCESS_MSG } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/**
 * The look-ups that probe the database for free names (check/alias, generate/*) are rate-limited
 * per account (docs/security.md W5): they would otherwise enumerate taken addresses at full speed.
 */
export async function limitLookups(request: FastifyRequest, accountId: number): Promise<void> {
  const { limiter, config } = request.server.services;
  const { allowed } = await limiter.consume([namedBucket(config, 'lookup', accountId)]);
  if (!allowed) throw new AppError('RATE_LIMITED', ACCESS_MSG.tooManyAttempts);
}
