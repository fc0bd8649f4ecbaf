import { randomInt } from 'node:crypto';
import { findOwnedAlias, insertAlias, isAliasHandleTaken, listAccountAliases } from '@app/db';
import { DEFAULT_DOMAIN_ID } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../errors';
import { requireSelf } from '../plugins/auth';
import { aliasPayload, aliasPayloads } from '../serializers/alias';

const Id = z.coerce.number().int().positive();

const WORDS_A = ['amber', 'brisk', 'calm', 'dusty', 'eager', 'fancy', 'gentle', 'hazy', 'ivory', 'jolly', 'keen', 'lucky', 'mellow', 'nimble', 'olive', 'proud', 'quiet', 'rapid', 'sunny', 'tidy', 'urban', 'vivid', 'witty', 'young', 'zesty'];
const WORDS_B = ['badger', 'cedar', 'delta', 'ember', 'falcon', 'garden', 'harbor', 'island', 'jasper', 'kettle', 'lantern', 'meadow', 'nectar', 'otter', 'pepper', 'quartz', 'river', 'saddle', 'timber', 'umber', 'valley', 'willow', 'yarrow', 'zephyr'];
const pick = (list: string[]) => list[randomInt(list.length)]!;

/** Two words and digits, e.g. `sunny.otter42`: readable, and valid under the alias handle rule. */
export function randomHandle(): string {
  return `${pick(WORDS_A)}.${pick(WORDS_B)}${randomInt(10, 1000)}`;
}

/**
 * The alias calls the mail path needs (SPEC §7): the sidebar list, creating an alias with a
 * random address on the default domain (with its own data key), and one alias.
 */
const aliasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const { db } = services.database;

  /** Not trashed, for the sidebar: counters, contacted/created times and the last message. */
  app.get('/account/:id/aliases', { schema: { params: z.object({ id: Id }) } }, async (request, reply) => {
    const account = await requireSelf(request, reply, request.params.id);
    const rows = await listAccountAliases(db, account.id);
    return { success: true, aliases: await aliasPayloads(services, rows.map((r) => r.alias)) };
  });

  app.post('/account/:id/alias', { schema: { params: z.object({ id: Id }) } }, async (request, reply) => {
    const account = await requireSelf(request, reply, request.params.id);
    let handle: string | null = null;
    for (let i = 0; i < 8 && !handle; i++) {
      const h = randomHandle();
      if (!(await isAliasHandleTaken(db, DEFAULT_DOMAIN_ID, h))) handle = h;
    }
    if (!handle) throw new AppError('CONFLICT', 'No free address was found; please try again.');
    const alias = await db.transaction(async (tx) => {
      // Each alias has its own key under the account key (DESIGN §4 key hierarchy).
      const key = await services.keys.create(tx, await services.keys.accountKey(tx, account.id));
      return insertAlias(tx, { accountId: account.id, domainId: DEFAULT_DOMAIN_ID, handle: handle!, keyId: key.id });
    });
    const payload = await aliasPayload(services, alias);
    return reply.code(201).send({ success: true, handle: alias.handle, msg: `Your new alias is ${payload.address}.`, alias: payload });
  });

  app.get('/account/:id/alias/:aliasId', { schema: { params: z.object({ id: Id, aliasId: Id }) } }, async (request, reply) => {
    const account = await requireSelf(request, reply, request.params.id);
    const alias = await findOwnedAlias(db, account.id, request.params.aliasId);
    if (!alias) throw notFound();
    return { success: true, alias: await aliasPayload(services, alias) };
  });
};

export default aliasRoutes;
