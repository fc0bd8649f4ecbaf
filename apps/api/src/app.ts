import { PUBLIC_ADDRESSES, withAllowedHosts, type AddressPolicy } from '@app/mail';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import type { Services } from '@app/runtime';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerAccessLog } from './plugins/access-log';
import { registerAliasLog } from './routes/aliases/log';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerContract } from './contract';
import { registerErrorHandler } from './errors';
import { registerMetrics } from './plugins/metrics';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import authRoutes from './routes/sign-in/login.routes';
import autoconfigRoutes from './routes/autoconfig/autoconfig.routes';
import billingRoutes from './routes/billing/billing.routes';
import domainRoutes from './routes/domains/domains.routes';
import eventRoutes from './routes/events/events.routes';
import healthRoutes from './routes/health/health.routes';
import initRoutes from './routes/init/init.routes';
import accessRoutes from './routes/sign-in/access.routes';
import profileRoutes from './routes/account/profile.routes';
import twoFactorRoutes from './routes/sign-in/two-factor.routes';
import invitationRoutes from './routes/invitations/invitations.routes';
import adminRoutes from './routes/admin/admin.routes';
import aliasRoutes from './routes/aliases/aliases.routes';
import messageRoutes from './routes/messages/messages.routes';
import viewerRoutes from './routes/viewer/viewer.routes';
import aliasSettingsRoutes from './routes/aliases/settings.routes';
import aliasNotesRoutes from './routes/aliases/notes.routes';
import aliasActivityRoutes from './routes/aliases/activity.routes';
import aliasChatRoutes from './routes/aliases/chat.routes';
import apiTokenRoutes from './routes/api-tokens/api-tokens.routes';
import apiDocsRoutes from './routes/api-docs/api-docs.routes';
import { registerApiTokens } from './routes/api-tokens/bearer';
import passkeyRoutes from './routes/sign-in/passkeys.routes';
import reauthRoutes from './routes/sign-in/reauth.routes';
import mailboxRoutes from './routes/mbox/mbox.routes';
import messageReplyRoutes from './routes/messages/reply.routes';
import allMailRoutes from './routes/messages/all-mail.routes';
import pushRoutes from './routes/push/push.routes';
import searchRoutes from './routes/search/search.routes';
import blockRoutes from './routes/blocks/blocks.routes';
import unsubscribeRoutes from './routes/messages/unsubscribe.routes';
import compatRoutes from './routes/compat/compat.routes';
import spamRoutes from './routes/spam/spam.routes';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface AppOptions {
  /** The built SPA; served with history fallback when present. */
  webDist?: string;
  /** Where Web Push endpoints may be (docs/security.md W20); tests let loopback through. */
  pushPolicy?: AddressPolicy;
}

const DEFAULT_WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');

export async function buildApp(services: Services, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: services.log.child({ component: 'api' }) as FastifyBaseLogger,
    // Fastify's request lines carry the raw URL (codes, query strings): the access log replaces them.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For only from the configured proxies (docs/security.md W13); none by default.
    trustProxy: services.config.TRUST_PROXY.length ? services.config.TRUST_PROXY : false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerContract(app);
  app.decorate('services', services);

  // Bodyless writes (logout, resend) may still say application/json; an empty body is no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body.toString(), done),
  );
  await app.register(fastifyCookie);
  registerSecurity(app);
  registerApiTokens(app);
  registerErrorHandler(app);
  registerMetrics(app);
  registerAccessLog(app);
  registerAliasLog(app);
  const spaIndex = await registerSpa(app, opts.webDist ?? DEFAULT_WEB_DIST);
  app.setNotFoundHandler((request, reply) => {
    const html = request.method === 'GET' ? spaIndex(request.url) : null;
    if (html) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    return reply.code(404).send({ success: false, msg: 'Not found.', code: 'NOT_FOUND', requestId: request.id });
  });

  // Route list: each area is one module under routes/.
  await app.register(initRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(accessRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(twoFactorRoutes, { prefix: '/api' });
  await app.register(invitationRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });
  await app.register(eventRoutes, { prefix: '/api' });
  await app.register(healthRoutes, { prefix: '/api' });
  // Also at /health, outside the SPA's paths: a load balancer's probe never gets index.html.
  await app.register(healthRoutes);
  await app.register(billingRoutes, { prefix: '/api' });
  await app.register(domainRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(aliasRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api' });
  await app.register(spamRoutes, { prefix: '/api' });
  await app.register(aliasSettingsRoutes, { prefix: '/api' });
  await app.register(aliasNotesRoutes, { prefix: '/api' });
  await app.register(aliasActivityRoutes, { prefix: '/api' });
  await app.register(aliasChatRoutes, { prefix: '/api' });
  await app.register(apiTokenRoutes, { prefix: '/api' });
  await app.register(apiDocsRoutes, { prefix: '/api' });
  await app.register(passkeyRoutes, { prefix: '/api' });
  await app.register(reauthRoutes, { prefix: '/api' });
  await app.register(mailboxRoutes, { prefix: '/api' });
  await app.register(messageReplyRoutes, { prefix: '/api' });
  await app.register(allMailRoutes, { prefix: '/api' });
  await app.register(unsubscribeRoutes, {
    prefix: '/api',
    policy: withAllowedHosts(PUBLIC_ADDRESSES, services.config.FETCH_ALLOW_HOSTS),
  });
  await app.register(blockRoutes, { prefix: '/api' });
  // addy.io- and SimpleLogin-compatible calls for password managers (docs/bitwarden.md), with their own CORS and error shape.
  await app.register(compatRoutes, { prefix: '/api' });
  await app.register(pushRoutes, { prefix: '/api', policy: opts.pushPolicy ?? PUBLIC_ADDRESSES });
  // The HTML viewer lives outside /api (its own CSP); it also serves /api/image-proxy.
  await app.register(viewerRoutes);
  // Mail clients' settings, at the paths Thunderbird asks for (docs/mail-clients.md).
  await app.register(autoconfigRoutes);
  return app;
}
