import { findEffectivePackage, findUsableDomain, isAliasHandleTaken, listTrashedAliases } from '@app/db';
import {
  ALIAS_MESSAGES,
  AliasCheckBodySchema,
  AliasGenerateBodySchema,
  AliasHandleSchema,
  AliasResponseSchema,
  AliasesResponseSchema,
  AliasUpdateBodySchema,
  DEFAULT_DOMAIN_ID,
  GeneratedHandleSchema,
  RULE_MESSAGES,
  addressInvalidFlash,
  canCustomizeAddress,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { freeRandomHandle } from './handles';
import { logAliasWrite, setLogDetail } from './log';
import { applyAliasUpdate } from './update';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { limitLookups } from '../account/lookup-limit';
import { AccountParamsSchema, AliasParamsSchema, ownedAlias, ownedAliasByAddress } from '../../ownership';
import { requireSelf } from '../sign-in/sessions';
import { aliasPayload } from '../../serializers/alias';

/**
 * Alias settings, restrictions and state (docs/product.md §4, §5, §6, §7): `PUT .../alias/{aliasId}` with
 * only the changed fields, each checked against the package's rights on the server; the address
 * check and generator; and the look-up by handle behind /alias/{handle}/settings.
 */
const isFlag = (f: string): f is 'is_active' | 'is_trashed' | 'is_whitelisted' =>
  f === 'is_active' || f === 'is_trashed' || f === 'is_whitelisted';

const aliasSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services.database;

  app.put(
    '/account/:id/alias/:aliasId',
    { schema: { params: AliasParamsSchema, body: AliasUpdateBodySchema, response: answers(AliasResponseSchema) } },
    async (request, reply) => {
      const { account, alias } = await ownedAlias(request, reply, request.params);
      // The field names go to the log whatever the outcome; values never do.
      logAliasWrite(request, account, alias, { detail: Object.keys(request.body).join(', ') });
      const pkg = await findEffectivePackage(db, account.id);
      const { alias: updated, changed } = await applyAliasUpdate({ services: app.services, account, pkg, alias }, request.body);
      // The on/off flags with their new state, so the log can say "restricted" or "deactivated".
      setLogDetail(request, changed.map((f) => (isFlag(f) ? `${f}=${request.body[f] ? 1 : 0}` : f)).join(', '));
      await app.services.events.publish(account.id, { type: 'alias', aliasId: alias.id }).catch(() => undefined);
      return { success: true as const, alias: await aliasPayload(app.services, updated) };
    },
  );

  /** Whether a chosen address is valid and free (only for those who may choose one). */
  app.put(
    '/account/:id/check/alias',
    { schema: { params: AccountParamsSchema, body: AliasCheckBodySchema, response: answers(GeneratedHandleSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      await limitLookups(request, account.id);
      const pkg = await findEffectivePackage(db, account.id);
      if (!canCustomizeAddress(account.id, pkg)) throw new AppError('FORBIDDEN', ALIAS_MESSAGES.addressNotAllowed);
      const handle = request.body.handle.trim().toLowerCase();
      if (!AliasHandleSchema.safeParse(handle).success)
        throw new AppError('VALIDATION', addressInvalidFlash(RULE_MESSAGES.aliasHandle));
      const domainId = request.body.domain_id ?? DEFAULT_DOMAIN_ID;
      if (!(await findUsableDomain(db, account.id, domainId))) throw new AppError('VALIDATION', ALIAS_MESSAGES.domainNotAllowed);
      if (await isAliasHandleTaken(db, domainId, handle)) throw new AppError('CONFLICT', ALIAS_MESSAGES.addressTaken);
      return { success: true as const, handle };
    },
  );

  /** A random free address on a domain the account may use (another domain than the default needs the right). */
  app.put(
    '/account/:id/generate/alias',
    { schema: { params: AccountParamsSchema, body: AliasGenerateBodySchema, response: answers(GeneratedHandleSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      await limitLookups(request, account.id);
      const domainId = request.body.domain_id ?? DEFAULT_DOMAIN_ID;
      if (domainId !== DEFAULT_DOMAIN_ID && !canCustomizeAddress(account.id, await findEffectivePackage(db, account.id))) {
        throw new AppError('FORBIDDEN', ALIAS_MESSAGES.addressNotAllowed);
      }
      if (!(await findUsableDomain(db, account.id, domainId))) throw new AppError('VALIDATION', ALIAS_MESSAGES.domainNotAllowed);
      const handle = await freeRandomHandle(db, domainId);
      if (!handle) throw new AppError('CONFLICT', ALIAS_MESSAGES.noFreeHandle);
      return { success: true as const, handle };
    },
  );

  /** The aliases in the trash (they leave the feed and sidebar), so that they can be restored. */
  app.get(
    '/account/:id/aliases/trashed',
    { schema: { params: AccountParamsSchema, response: answers(AliasesResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const rows = await listTrashedAliases(db, account.id);
      return { success: true as const, aliases: await Promise.all(rows.map((row) => aliasPayload(app.services, row))) };
    },
  );

  /** /alias/{handle}/settings: the account's alias with this handle (or handle@domain), trashed ones included. */
  app.get(
    '/account/:id/aliases/by-handle/:handle',
    {
      schema: {
        params: AccountParamsSchema.extend({ handle: z.string().min(1).max(320) }),
        response: answers(AliasResponseSchema),
      },
    },
    async (request, reply) => {
      const { alias } = await ownedAliasByAddress(request, reply, request.params);
      return { success: true as const, alias: await aliasPayload(app.services, alias) };
    },
  );
};
export default aliasSettingsRoutes;
