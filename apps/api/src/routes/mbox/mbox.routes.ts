import { Readable } from 'node:stream';
import { listAllAccountAliases } from '@app/db';
import { namedBucket } from '@app/runtime';
import { IMPORT_MESSAGES, ImportResponseSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountZip, aliasAddress, aliasMbox, importMbox } from './mbox';
import { answers, rawAnswer } from '../../contract';
import { AppError } from '../../errors';
import { AccountParamsSchema, AliasParamsSchema, ownedAlias } from '../../ownership';
import { requireSelf } from '../sign-in/sessions';
import { contentDisposition, downloadHeaders } from '../messages/downloads';

/**
 * Export and import (docs/product.md §7 Export and import): an alias's mail as an .mbox download,
 * an .mbox import into an alias through the mail path, and the whole account as a .zip. Only the
 * owner reaches any of it (docs/security.md W3, IM2).
 */
const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  // The import's body reaches the handler as the request stream, read one message at a time (IM1).
  app.addContentTypeParser('application/mbox', (_request, payload, done) => done(null, payload));

  app.get(
    '/account/:id/alias/:aliasId/export.mbox',
    {
      schema: {
        params: AliasParamsSchema,
        response: rawAnswer('application/mbox', "The alias's messages, each exactly as received, as mboxrd."),
      },
    },
    async (request, reply) => {
      const owned = await ownedAlias(request, reply, request.params);
      downloadHeaders(reply, 'application/mbox', contentDisposition('attachment', `${aliasAddress(owned)}.mbox`));
      return reply.send(aliasMbox(services, owned));
    },
  );

  app.post(
    '/account/:id/alias/:aliasId/import',
    { schema: { params: AliasParamsSchema, response: answers(ImportResponseSchema) } },
    async (request, reply) => {
      const owned = await ownedAlias(request, reply, request.params);
      if (!(request.body instanceof Readable)) throw new AppError('BAD_REQUEST', 'Send the file as application/mbox.');
      if (Number(request.headers['content-length'] ?? 0) > services.config.IMPORT_MAX_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${services.config.IMPORT_MAX_BYTES} bytes.`);
      }
      // One import at a time per account (docs/security.md W22): each holds a message and a line in memory.
      const running = namedBucket(services.config, 'import:account', owned.alias.accountId);
      if (!(await services.limiter.consume([running])).allowed) throw new AppError('CONFLICT', IMPORT_MESSAGES.running);
      try {
        // A refusal part-way (W22, IM1) leaves the request stream open, so the client still gets the answer.
        const body = request.body.iterator({ destroyOnReturn: false });
        return { success: true as const, ...(await importMbox(services, owned, body)) };
      } finally {
        await services.limiter.reset(running.key);
      }
    },
  );

  app.get(
    '/account/:id/export',
    {
      schema: {
        params: AccountParamsSchema,
        response: rawAnswer('application/zip', "aliases.json and one .mbox per alias: all of the account's aliases and mail."),
      },
    },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const owned = await listAllAccountAliases(services.database.db, account.id);
      downloadHeaders(reply, 'application/zip', contentDisposition('attachment', `${account.handle}-export.zip`));
      return reply.send(await accountZip(services, owned));
    },
  );
};

export default mailboxRoutes;
