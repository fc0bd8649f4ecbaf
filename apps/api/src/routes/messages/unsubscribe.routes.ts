import { readMessageMeta, parseMailto, unsubscribeMethods, type AddressPolicy } from '@app/mail';
import { openText } from '@app/runtime';
import {
  ALIAS_MESSAGES,
  UNSUBSCRIBE_MESSAGES,
  UnsubscribeBodySchema,
  UnsubscribeResponseSchema,
  type UnsubscribeResult,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFromAlias } from '../aliases/chat';
import { logAliasWrite, setLogDetail } from '../aliases/log';
import { requireConfirmedSender } from '../aliases/sending-limits';
import { postOneClick } from './one-click';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { MessageParamsSchema, openMessage } from '../../ownership';

export interface UnsubscribeRoutesOptions {
  /** Where the one-click POST may connect (docs/security.md UN1): public addresses, plus FETCH_ALLOW_HOSTS. */
  policy: AddressPolicy;
}

/**
 * Unsubscribe from a received message (docs/product.md §3 "Unsubscribe"), the way its
 * List-Unsubscribe offers: the one-click POST made by the server, a mail from the alias through the
 * outbox, or (a plain link) the address handed back for the reader to open. The alias log records it.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod<UnsubscribeRoutesOptions> = async (app, opts) => {
  app.post(
    '/account/:id/alias/:aliasId/message/:messageId/unsubscribe',
    { schema: { params: MessageParamsSchema, body: UnsubscribeBodySchema, response: answers(UnsubscribeResponseSchema) } },
    async (request, reply) => {
      const { account, alias, domain, row, key } = await openMessage(request, reply, request.params);
      // The alias log records every unsubscribe, whatever its outcome.
      logAliasWrite(request, account, alias);
      if (row.direction === 'out') throw new AppError('BAD_REQUEST', UNSUBSCRIBE_MESSAGES.notReceived);
      const offer = readMessageMeta(openText(key, row.metaSealed))?.unsubscribe ?? null;
      const methods = unsubscribeMethods(offer);
      if (!offer || !methods.length) throw new AppError('BAD_REQUEST', UNSUBSCRIBE_MESSAGES.none);
      const method = request.body?.method ?? methods[0]!;
      if (!methods.includes(method)) throw new AppError('BAD_REQUEST', UNSUBSCRIBE_MESSAGES.notOffered);

      let result: UnsubscribeResult;
      if (method === 'link') {
        // Never fetched by the server: a plain link may need the reader's own choices on the page.
        result = { method, done: 'open', url: offer.https! };
      } else {
        // The request or the mail goes where the message says: a forged one needs the owner's word (W21).
        requireConfirmedSender(row.auth, request.body?.confirm);
        if (method === 'one-click') {
          const posted = await postOneClick(offer.https!, opts.policy);
          setLogDetail(
            request,
            `unsubscribe one-click: ${posted.ok ? `posted (${posted.status})` : `failed (${posted.status ?? posted.reason})`}`,
          );
          if (!posted.ok) {
            throw new AppError(
              'BAD_REQUEST',
              posted.status ? UNSUBSCRIBE_MESSAGES.refused(posted.status) : UNSUBSCRIBE_MESSAGES.unreachable,
            );
          }
          result = { method, done: 'posted', url: null };
        } else {
          if (!alias.isActive || alias.isTrashed) throw new AppError('FORBIDDEN', ALIAS_MESSAGES.notEditable);
          const mail = parseMailto(offer.mailto!)!;
          const target = { to: mail.to, subject: mail.subject, inReplyTo: null, references: [], threadKey: null };
          await sendFromAlias(app.services, alias, { handle: alias.handle, domain }, target, mail.body, 'unsubscribe');
          setLogDetail(request, 'unsubscribe mailto: queued');
          result = { method, done: 'queued', url: null };
        }
      }
      if (method === 'link') setLogDetail(request, 'unsubscribe link: handed to the reader');
      const msg = UNSUBSCRIBE_MESSAGES[result.done];
      return { success: true as const, msg, unsubscribe: result };
    },
  );
};
export default unsubscribeRoutes;
