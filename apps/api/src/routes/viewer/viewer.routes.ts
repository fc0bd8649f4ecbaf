import { ViewerQuerySchema } from '@app/shared';
import { openText } from '@app/runtime';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawAnswer } from '../../contract';
import { AppError, notFound } from '../../errors';
import { requireSelf } from '../sign-in/sessions';
import { Id } from '@app/shared';
import { messageHtml, messageOf } from '../../ownership';
import { serializeAttachment } from '../../serializers/message';
import { fetchImage, type FetchPolicy, PUBLIC_POLICY } from './image-fetch';
import { renderMessage, VIEWER_CSP } from './render';
import { signer, verify } from './signing';

export interface ViewerOptions {
  /** The image proxy's connection policy; tests swap in a fake resolver. */
  imagePolicy?: FetchPolicy;
}

/**
 * The HTML viewer (docs/architecture.md §5, docs/security.md H1–H7): `/viewer/{userId}/{aliasId}/{messageId}` serves the
 * message sanitised on every render, under a CSP that allows no script and a sandbox; only the
 * signed-in owner can load it (anyone else gets the same 404 as a missing message, W3). Also the
 * image proxy that loads remote images once the reader asks (`?images=1`).
 */
const viewerRoutes: FastifyPluginAsyncZod<ViewerOptions> = async (app, opts) => {
  const { services } = app;
  const policy = opts.imagePolicy ?? PUBLIC_POLICY;

  app.get(
    '/viewer/:userId/:aliasId/:messageId',
    {
      schema: {
        params: z.object({ userId: Id, aliasId: Id, messageId: Id }),
        querystring: ViewerQuerySchema,
        response: rawAnswer('text/html', 'The message as a sanitised, script-free document (H1–H7).', z.string()),
      },
    },
    async (request, reply) => {
      const { userId, aliasId, messageId } = request.params;
      // The userId in the path is never trusted: it must be the session's account (W3), else 404;
      // signed out is a 404 too, since the frame has nothing to sign in with.
      const account = await requireSelf(request, reply, userId).catch(() => {
        throw notFound();
      });
      const { alias, row: message, key, attachments } = await messageOf(services, account.id, { aliasId, messageId });

      // Signed URLs for what the page may load (see viewer/signing.ts).
      const sign = await signer(services, { accountId: account.id, sessionId: request.sessionState!.id });
      const inlineUrl = (id: number) =>
        `/api/account/${account.id}/alias/${alias.id}/message/${message.id}/attachment/${id}?inline=1&${sign(`att:${alias.id}:${message.id}:${id}`)}`;
      const proxyUrl =
        request.query.images === '1'
          ? (url: string) =>
              `/api/image-proxy?u=${account.id}&m=${message.id}&${sign(`img:${message.id}:${url}`)}&url=${encodeURIComponent(url)}`
          : null;
      const html = renderMessage({
        html: await messageHtml(services, { row: message, key }),
        text:
          openText(key, message.textSealed) ??
          (message.state === 'failed' ? 'This message could not be displayed. Download the raw message to read it.' : ''),
        attachments: attachments.map(serializeAttachment),
        inlineUrl,
        proxyUrl,
      });
      return reply
        .header('Content-Security-Policy', VIEWER_CSP)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'no-referrer')
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  /**
   * The image proxy (H6): the remote server sees neither the reader's address nor cookies nor a
   * Referer. Only URLs signed for the account by the viewer are fetched, only public addresses
   * are contacted (checked after DNS and after every redirect), only raster images come back.
   */
  app.get(
    '/api/image-proxy',
    {
      schema: {
        querystring: z.object({
          u: Id,
          m: Id,
          s: Id,
          exp: z.coerce.number().int(),
          sig: z.string().max(100),
          url: z.string().max(4096),
        }),
        response: rawAnswer('image/*', 'The remote raster image, fetched by the server (H6).'),
      },
    },
    async (request, reply) => {
      const { u, m, s, exp, sig, url } = request.query;
      if (!(await verify(services, { accountId: u, sessionId: s }, `img:${m}:${url}`, exp, sig))) throw notFound();
      const result = await fetchImage(url, policy);
      if (!result.ok) {
        request.log.info({ reason: result.reason }, 'image proxy refused');
        throw new AppError('FORBIDDEN', 'This image cannot be loaded.');
      }
      return reply
        .header('Content-Type', result.contentType)
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=3600')
        .send(result.body);
    },
  );
};

export default viewerRoutes;
