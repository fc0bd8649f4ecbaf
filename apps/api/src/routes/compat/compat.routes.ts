// The compatible endpoints (docs/bitwarden.md): the calls of addy.io's and SimpleLogin's APIs that
// Bitwarden's username generator (its addy.io and SimpleLogin forwarders, pointed at this server's
// URL) and those services' own apps make. API token only (docs/security.md CP1), open to any origin
// by CORS without credentials (CP2), failures in the imitated `{error, message}` shape and never a
// redirect (CP3). All of it is scoped to this plugin: the rest of the API keeps its own rules.
import { countLiveAliases, findEffectivePackage } from '@app/db';
import { organisationalDomain } from '@app/mail';
import {
  AddyAccountDetailsResponseSchema,
  AddyAliasBodySchema,
  AddyAliasResponseSchema,
  AddyDomainOptionsResponseSchema,
  SimpleLoginAliasOptionsSchema,
  SimpleLoginAliasSchema,
  SimpleLoginRandomBodySchema,
  SimpleLoginRandomQuerySchema,
  SimpleLoginUserInfoSchema,
  type CompatError,
} from '@app/shared';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compatAnswers, PREFLIGHT_ANSWER } from '../../contract';
import { failureOf } from '../../errors';
import { sitePrefix } from '../aliases/handles';
import { createForSite, offeredDomains, requireTokenAccount } from './compat';
import { addyTime, hostOf, simpleLoginTime } from './site';

/** What a browser may send cross-origin here: both services' token headers and what Bitwarden adds. */
const ALLOWED_HEADERS = 'authorization, authentication, content-type, x-requested-with, accept';
/** addy.io's name for handles made of words (`quiet.otter4821`). */
const ADDY_FORMAT = 'random_words';

/** The route config that lets API tokens of any account in, also as `Authentication:` (api-tokens/bearer.ts). */
const config = { compatible: true } as const;

const compatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db } = services.database;

  // CP2: every answer of these routes, refusals included, may be read by any origin; no cookie is
  // ever honoured, so no Access-Control-Allow-Credentials.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Access-Control-Allow-Origin', '*');
    return payload;
  });
  // CP3: the imitated services' failure shape, with 422 for what fails validation (a domain that is
  // not the account's among it). The house envelope stays everywhere else (errors.ts).
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, code, msg } = failureOf(err, request, reply);
    const body: CompatError = { error: msg, message: msg };
    return reply.code(code === 'VALIDATION' ? 422 : status).send(body);
  });

  /** Answers the CORS preflight of one path (CP2). */
  const preflight = (url: string, methods: string) =>
    app.options(url, { config, schema: { response: PREFLIGHT_ANSWER } }, async (_request, reply) =>
      reply
        .code(204)
        .header('Access-Control-Allow-Methods', `${methods}, OPTIONS`)
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', '600')
        // The typed reply wants the 204's (absent) schema as a value: there is none to send.
        .send(undefined as never),
    );

  // ---- addy.io ----

  preflight('/v1/aliases', 'POST');
  app.post(
    '/v1/aliases',
    { config, schema: { body: AddyAliasBodySchema, response: compatAnswers(AddyAliasResponseSchema, 201) } },
    async (request, reply) => {
      const { alias, domain, note } = await createForSite(request, reply, {
        domain: request.body.domain,
        note: request.body.description,
      });
      return reply.code(201).send({
        data: {
          id: String(alias.id),
          email: `${alias.handle}@${domain}`,
          local_part: alias.handle,
          domain,
          description: note,
          active: alias.isActive,
          created_at: addyTime(alias.createdAt),
          updated_at: addyTime(alias.updatedAt),
        },
      });
    },
  );

  preflight('/v1/account-details', 'GET');
  app.get(
    '/v1/account-details',
    { config, schema: { response: compatAnswers(AddyAccountDetailsResponseSchema) } },
    async (request, reply) => {
      const account = await requireTokenAccount(request, reply);
      const pkg = await findEffectivePackage(db, account.id);
      const [domain] = await offeredDomains(db, account, pkg);
      return {
        data: {
          id: String(account.id),
          username: account.handle ?? '',
          default_alias_domain: domain?.name ?? services.config.MAIL_DOMAIN,
          default_alias_format: ADDY_FORMAT,
          subscription: pkg.handle,
          active_shared_domain_alias_count: await countLiveAliases(db, account.id),
          active_shared_domain_alias_limit: pkg.limits.address_count ?? 0,
          created_at: addyTime(account.createdAt),
          updated_at: addyTime(account.updatedAt),
        },
      };
    },
  );

  preflight('/v1/domain-options', 'GET');
  app.get(
    '/v1/domain-options',
    { config, schema: { response: compatAnswers(AddyDomainOptionsResponseSchema) } },
    async (request, reply) => {
      const account = await requireTokenAccount(request, reply);
      const domains = await offeredDomains(db, account, await findEffectivePackage(db, account.id));
      return {
        data: domains.map((d) => d.name),
        defaultAliasDomain: domains[0]?.name ?? services.config.MAIL_DOMAIN,
        defaultAliasFormat: ADDY_FORMAT,
      };
    },
  );

  // ---- SimpleLogin ----

  preflight('/alias/random/new', 'POST');
  app.post(
    '/alias/random/new',
    {
      config,
      schema: {
        querystring: SimpleLoginRandomQuerySchema,
        body: SimpleLoginRandomBodySchema,
        response: compatAnswers(SimpleLoginAliasSchema, 201),
      },
    },
    async (request, reply) => {
      const { alias, domain, note } = await createForSite(request, reply, {
        hostname: request.query.hostname,
        note: request.body?.note,
      });
      const email = `${alias.handle}@${domain}`;
      return reply.code(201).send({
        id: alias.id,
        alias: email,
        email,
        name: null,
        enabled: alias.isActive,
        note,
        creation_date: simpleLoginTime(alias.createdAt),
        creation_timestamp: Math.floor(alias.createdAt.getTime() / 1000),
      });
    },
  );

  preflight('/user_info', 'GET');
  app.get('/user_info', { config, schema: { response: compatAnswers(SimpleLoginUserInfoSchema) } }, async (request, reply) => {
    const account = await requireTokenAccount(request, reply);
    const pkg = await findEffectivePackage(db, account.id);
    return {
      name: account.name || account.handle || '',
      email: account.email,
      is_premium: pkg.limits.address_count === null,
      in_trial: false,
      profile_picture_url: null,
      max_alias_free_plan: pkg.limits.address_count ?? 0,
    };
  });

  preflight('/v5/alias/options', 'GET');
  app.get(
    '/v5/alias/options',
    { config, schema: { querystring: SimpleLoginRandomQuerySchema, response: compatAnswers(SimpleLoginAliasOptionsSchema) } },
    async (request, reply) => {
      const account = await requireTokenAccount(request, reply);
      const limit = (await findEffectivePackage(db, account.id)).limits.address_count;
      const host = request.query.hostname ? hostOf(request.query.hostname) : null;
      const origin = host ? organisationalDomain(host) : null;
      return {
        can_create: limit === null || (await countLiveAliases(db, account.id)) < limit,
        prefix_suggestion: (origin && sitePrefix(origin)) ?? '',
        suffixes: [],
      };
    },
  );
};

export default compatRoutes;
