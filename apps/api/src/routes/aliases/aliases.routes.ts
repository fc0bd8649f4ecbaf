import { findEffectivePackage, listAccountAliases } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AliasCreateBodySchema, AliasCreatedResponseSchema, AliasesResponseSchema, AliasResponseSchema } from '@app/shared';
import { createAliasFor } from './create';
import { answers } from '../../contract';
import { requireSelf } from '../sign-in/sessions';
import { AccountParamsSchema, AliasParamsSchema, ownedAlias } from '../../ownership';
import { aliasPayload, aliasPayloads } from '../../serializers/alias';

/**
 * The alias list, creation and one alias (docs/product.md §7). Creation enforces the package: address_count
 * over aliases not in the trash, a chosen handle or domain only for admin, VIP or
 * address_customization, a label and a site for every plan (aliases/create.ts). Settings,
 * restrictions and the trash are in alias-settings.ts.
 */
const aliasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db } = services.database;

  /** Not trashed, for the sidebar: counters, contacted/created times and the last message. */
  app.get(
    '/account/:id/aliases',
    { schema: { params: AccountParamsSchema, response: answers(AliasesResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const rows = await listAccountAliases(db, account.id);
      return {
        success: true as const,
        aliases: await aliasPayloads(
          services,
          rows.map((r) => r.alias),
        ),
      };
    },
  );

  /** No body: a random address on the default domain. A body: the account action's choices. */
  app.post(
    '/account/:id/alias',
    { schema: { params: AccountParamsSchema, body: AliasCreateBodySchema, response: answers(AliasCreatedResponseSchema, 201) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const pkg = await findEffectivePackage(db, account.id);
      const alias = await createAliasFor(services, account, pkg, request.body);
      const payload = await aliasPayload(services, alias);
      await services.events.publish(account.id, { type: 'alias', aliasId: alias.id }).catch(() => undefined);
      return reply
        .code(201)
        .send({ success: true as const, handle: alias.handle, msg: `Your new alias is ${payload.address}.`, alias: payload });
    },
  );

  app.get(
    '/account/:id/alias/:aliasId',
    { schema: { params: AliasParamsSchema, response: answers(AliasResponseSchema) } },
    async (request, reply) => {
      const { alias } = await ownedAlias(request, reply, request.params);
      return { success: true as const, alias: await aliasPayload(services, alias) };
    },
  );
};

export default aliasRoutes;
