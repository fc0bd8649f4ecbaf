import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@app/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The one error type of the api; its code decides the HTTP status (ERROR_STATUS in shared). */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    /** For RATE_LIMITED: how long until the client may try again (the Retry-After header). */
    public readonly retryAfterMs?: number,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Not found.') => new AppError('NOT_FOUND', what);

/** What a failure is, for the client: its status, code and a message that never carries internals. */
export interface Failure {
  status: number;
  code: ErrorCode;
  msg: string;
}

/**
 * Classifies any failure (CONTRIBUTING.md "Errors"): an `AppError` as it is (a RATE_LIMITED one sets
 * Retry-After), a request that fails its schema as a 400 `VALIDATION`, Fastify's own client errors
 * without internals, anything else as a logged 500.
 */
export function failureOf(err: FastifyError, request: FastifyRequest, reply: FastifyReply): Failure {
  if (err instanceof AppError) {
    if (err.code === 'RATE_LIMITED')
      reply.header('Retry-After', String(Math.max(1, Math.ceil((err.retryAfterMs ?? 60_000) / 1000))));
    return { status: err.status, code: err.code, msg: err.message };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const detail = first?.message ?? 'is invalid';
    return { status: 400, code: 'VALIDATION', msg: field ? `${field} ${detail}` : detail };
  }
  const status = err.statusCode ?? 500;
  if (status === 413) return { status: 413, code: 'PAYLOAD_TOO_LARGE', msg: 'The request is too large.' };
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, wrong content type...): say so without internals.
    const msg = err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type.' : 'The request is malformed.';
    return { status, code: 'BAD_REQUEST', msg };
  }
  request.log.error({ err }, 'unhandled error');
  return { status: 500, code: 'INTERNAL', msg: 'Something went wrong.' };
}

/** Renders every failure in the SPA's envelope, in one place (CONTRIBUTING.md "Errors"). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, code, msg } = failureOf(err, request, reply);
    const body: ErrorBody = { success: false, msg, code, requestId: request.id };
    return reply.code(status).send(body);
  });
}
