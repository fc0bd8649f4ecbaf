// Notes at rest (docs/architecture.md §4, docs/security.md W10): the value is sealed (AES-256-GCM, or the triple
// cascade when the alias key is a triple key) under the note's own data key, which is wrapped by
// the alias key. Only the API, for the owner, ever opens it.
import { findAliasNote, insertAliasNote, updateAliasNoteValue, type DbOrTx, type NoteRow, type AliasRow } from '@app/db';
import { openText, seal, type Services } from '@app/runtime';
import type { Note } from '@app/shared';

function toWire(note: NoteRow, value: string): Note {
  return { id: note.id, label: note.label, locked: note.locked, shield: note.shield, value };
}

/** The decrypted note of the alias, or null when none was written yet. */
export async function readNote(services: Services, db: DbOrTx, alias: AliasRow): Promise<Note | null> {
  const note = await findAliasNote(db, alias.id);
  if (!note) return null;
  const key = (await services.keys.contentKeys(db, alias))(note);
  return toWire(note, openText(key, note.valueSealed) ?? '');
}

/** The current plain value ('' when there is no note). */
export async function readNoteValue(services: Services, db: DbOrTx, alias: AliasRow): Promise<string> {
  return (await readNote(services, db, alias))?.value ?? '';
}

/** Writes the note, creating its key on first use. Call inside the caller's transaction. */
export async function writeNote(services: Services, db: DbOrTx, alias: AliasRow, value: string): Promise<Note> {
  const existing = await findAliasNote(db, alias.id);
  if (existing) {
    const key = (await services.keys.contentKeys(db, alias))(existing);
    const row = await updateAliasNoteValue(db, existing.id, seal(key, value));
    return toWire(row ?? existing, value);
  }
  const aliasKey = await services.keys.aliasKey(db, alias);
  const created = await services.keys.create(db, aliasKey, aliasKey.scheme);
  const row = await insertAliasNote(db, { aliasId: alias.id, keyId: created.id, valueSealed: seal(created.key, value) });
  return toWire(row, value);
}
