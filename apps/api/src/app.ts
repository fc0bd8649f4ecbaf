import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import type { Services } from '@app/runtime';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerContract } from './contract';
import { registerErrorHandler } from './errors';
import { registerMetrics } from './plugins/metrics';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import authRoutes from './routes/auth';
import billingRoutes from './routes/billing';
import domainRoutes from './routes/domains';
import eventRoutes from './routes/events';
import healthRoutes from './routes/health';
import initRoutes from './routes/init';
import accessRoutes from './routes/access';
import profileRoutes from './routes/profile';
import twoFactorRoutes from './routes/two-factor';
import invitationRoutes from './routes/invitations';
import adminRoutes from './routes/admin';
import aliasRoutes from './routes/aliases';
import messageRoutes from './routes/messages';
import viewerRoutes from './routes/viewer';
import aliasSettingsRoutes from './routes/alias-settings';
import aliasNotesRoutes from './routes/alias-notes';
import aliasActivityRoutes from './routes/alias-activity';
import aliasChatRoutes from './routes/alias-chat';
import apiTokenRoutes from './routes/api-tokens';
import apiDocsRoutes from './routes/api-docs';
import { registerApiTokens } from './plugins/api-tokens';
import passkeyRoutes from './routes/passkeys';
import mailboxRoutes from './routes/mailbox';
import messageReplyRoutes from './routes/message-reply';
import pushRoutes from './routes/push';
import searchRoutes from './routes/search';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface AppOptions {
  /** The built SPA; served with history fallback when present. */
  webDist?: string;
}

const DEFAULT_WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'dist');

export async function buildApp(services: Services, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: services.log.child({ component: 'api' }) as FastifyBaseLogger,
    // One line per request only when debugging; errors are always logged.
    logController: new LogController({ disableRequestLogging: services.config.LOG_LEVEL !== 'debug' }),
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
  await app.register(billingRoutes, { prefix: '/api' });
  await app.register(domainRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(aliasRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api' });
  await app.register(aliasSettingsRoutes, { prefix: '/api' });
  await app.register(aliasNotesRoutes, { prefix: '/api' });
  await app.register(aliasActivityRoutes, { prefix: '/api' });
  await app.register(aliasChatRoutes, { prefix: '/api' });
  await app.register(apiTokenRoutes, { prefix: '/api' });
  await app.register(apiDocsRoutes, { prefix: '/api' });
  await app.register(passkeyRoutes, { prefix: '/api' });
  await app.register(mailboxRoutes, { prefix: '/api' });
  await app.register(messageReplyRoutes, { prefix: '/api' });
  await app.register(pushRoutes, { prefix: '/api' });
  // The HTML viewer lives outside /api (its own CSP); it also serves /api/image-proxy.
  await app.register(viewerRoutes);
  return app;
}
