import { ALIAS_MESSAGES, NoteResponseSchema, NoteUpdateBodySchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { readNote, readNoteValue, writeNote } from './notes';
import { logAliasWrite } from './log';
import { AliasParamsSchema, ownedAlias } from '../../ownership';

/**
 * The alias's encrypted notes (docs/product.md §2 "Alias notes", docs/architecture.md §4): sealed at rest under the note's
 * own key, opened only here, for the owner. The SPA saves 1 s after typing stops.
 */
const aliasNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/:id/alias/:aliasId/notes',
    { schema: { params: AliasParamsSchema, response: answers(NoteResponseSchema) } },
    async (request, reply) => {
      const { alias } = await ownedAlias(request, reply, request.params);
      return { success: true as const, note: await readNote(app.services, app.services.database.db, alias) };
    },
  );

  app.put(
    '/account/:id/alias/:aliasId/notes',
    { schema: { params: AliasParamsSchema, body: NoteUpdateBodySchema, response: answers(NoteResponseSchema) } },
    async (request, reply) => {
      const { account, alias } = await ownedAlias(request, reply, request.params);
      logAliasWrite(request, account, alias, { detail: 'notes' });
      if (!alias.isActive || alias.isTrashed) throw new AppError('FORBIDDEN', ALIAS_MESSAGES.notEditable);
      const { db } = app.services.database;
      if ((await readNoteValue(app.services, db, alias)) === request.body.value) {
        throw new AppError('BAD_REQUEST', ALIAS_MESSAGES.nothingToChange);
      }
      const note = await db.transaction((tx) => writeNote(app.services, tx, alias, request.body.value));
      return { success: true as const, note };
    },
  );
};
export default aliasNotesRoutes;
