import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@app/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
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

/** Renders every failure in the SPA's envelope, in one place (CONTRIBUTING.md "Errors"). */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const send = (status: number, code: ErrorCode, msg: string) => {
      const body: ErrorBody = { success: false, msg, code, requestId: request.id };
      return reply.code(status).send(body);
    };
    if (err instanceof AppError) {
      if (err.code === 'RATE_LIMITED')
        reply.header('Retry-After', String(Math.max(1, Math.ceil((err.retryAfterMs ?? 60_000) / 1000))));
      return send(err.status, err.code, err.message);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const detail = first?.message ?? 'is invalid';
      const msg = field ? `${field} ${detail}` : detail;
      return send(400, 'VALIDATION', msg);
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return send(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type...): say so without internals.
      const msg = err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type.' : 'The request is malformed.';
      return send(status, 'BAD_REQUEST', msg);
    }
    request.log.error({ err }, 'unhandled error');
    return send(500, 'INTERNAL', 'Something went wrong.');
  });
}
