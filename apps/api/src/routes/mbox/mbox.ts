import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  aliasHasRawMessage,
  countQueuedInbound,
  findAliasRawMessage,
  insertInbound,
  listAliasRawMessageIds,
  type AliasWithDomain,
} from '@app/db';
import { MboxLineTooLong, mboxEntry, splitMbox, type MboxItem } from '@app/mail';
import { open, type Services } from '@app/runtime';
import { IMPORT_MESSAGES } from '@app/shared';
import { ZipFile } from 'yazl';
import { AppError } from '../../errors';
import { aliasPayloads } from '../../serializers/alias';
import { readNote } from '../aliases/notes';

/** Ids read per page of an export; each message is then read and opened on its own. */
const EXPORT_PAGE = 200;

export const aliasAddress = ({ alias, domain }: AliasWithDomain) => `${alias.handle}@${domain}`;

/**
 * The alias's messages as mboxrd, oldest first, each exactly as received (docs/product.md §7 Export
 * and import). Ids come in pages and each raw copy is read and opened only when the reader wants
 * more, so memory holds one message whatever the alias's size.
 */
export function aliasMbox(services: Services, { alias }: AliasWithDomain): Readable {
  const { db } = services.database;
  async function* entries(): AsyncGenerator<Buffer> {
    const keyOf = await services.keys.contentKeys(db, alias);
    for (let after = 0; ;) {
      const ids = await listAliasRawMessageIds(db, alias.id, after, EXPORT_PAGE);
      if (!ids.length) return;
      for (const id of ids) {
        const row = await findAliasRawMessage(db, alias.id, id);
        if (row) yield* mboxEntry(row.senderAddress, row.createdAt, open(keyOf(row), row.rawSealed));
      }
      after = ids[ids.length - 1]!;
    }
  }
  return Readable.from(entries(), { objectMode: false });
}

/**
 * Everything of the account as a zip (docs/product.md §7): `aliases.json` (each alias, trashed or not, as the API
 * shows it, with its note decrypted) and one `<address>.mbox` per alias. yazl writes one entry at a
 * time and each mbox is read only when its turn comes, so memory stays flat.
 */
export async function accountZip(services: Services, owned: AliasWithDomain[]): Promise<Readable> {
  const { db } = services.database;
  const payloads = await aliasPayloads(
    services,
    owned.map((o) => o.alias),
  );
  const aliases = [];
  for (const [i, payload] of payloads.entries())
    aliases.push({ ...payload, note: await readNote(services, db, owned[i]!.alias) });
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  zip.addBuffer(Buffer.from(JSON.stringify({ aliases }, null, 2)), 'aliases.json');
  for (const o of owned) {
    const mbox = aliasMbox(services, o);
    // A failure mid-way must end the download, not leave it hanging.
    mbox.on('error', (err) => out.destroy(err));
    zip.addReadStream(mbox, `${aliasAddress(o)}.mbox`);
  }
  zip.end();
  return out;
}

/** The body, counted: past `limit` bytes the import stops with a 413 (docs/security.md IM1). */
async function* limited(body: AsyncIterable<Buffer>, limit: number): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${limit} bytes.`);
    yield chunk;
  }
}

/** splitMbox, its over-long line refused as the request's fault (docs/security.md W22). */
async function* readMbox(body: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<MboxItem> {
  try {
    yield* splitMbox(body, maxBytes);
  } catch (err) {
    if (err instanceof MboxLineTooLong) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.lineTooLong(err.maxBytes));
    throw err;
  }
}

export interface ImportResult {
  imported: number;
  skipped: number;
  errors: Array<{ index: number; reason: string }>;
}

/** How often and how long an import waits for the worker to store what it queued. */
const INGEST_POLL_MS = 100;
const INGEST_WAIT_MS = 120_000;
const POLL_IDS = 1000;

/** Waits until the worker finished every inbound row of `ids` (or the wait ends; the rows stay queued and durable). */
async function ingested(services: Services, ids: number[]): Promise<void> {
  const end = Date.now() + INGEST_WAIT_MS;
  for (let from = 0; from < ids.length && Date.now() < end;) {
    if (await countQueuedInbound(services.database.db, ids.slice(from, from + POLL_IDS)))
      await new Promise((ok) => setTimeout(ok, INGEST_POLL_MS));
    else from += POLL_IDS;
  }
}

/**
 * Imports an mbox into the alias (docs/product.md §7 Export and import). Each message takes the
 * mail path: sealed under the master key into the inbound spool and queued for the one ingest,
 * which seals, stores and counts it like mail from the mx. The owner's own mail is not held to the
 * alias's sender restrictions; the mx's size limit per message still applies. A message the alias
 * holds already (same raw bytes) is skipped, so importing a file twice stores it once. Answers once
 * the worker stored what was queued.
 */
export async function importMbox(services: Services, owned: AliasWithDomain, body: AsyncIterable<Buffer>): Promise<ImportResult> {
  const { db } = services.database;
  const { alias } = owned;
  const result: ImportResult = { imported: 0, skipped: 0, errors: [] };
  const seen = new Set<string>();
  const queued: number[] = [];
  for await (const item of readMbox(limited(body, services.config.IMPORT_MAX_BYTES), services.config.SMTP_MAX_SIZE)) {
    if ('error' in item) {
      result.errors.push({ index: item.index, reason: item.error });
      continue;
    }
    const sha = createHash('sha256').update(item.raw).digest();
    const hex = sha.toString('hex');
    if (seen.has(hex) || (await aliasHasRawMessage(db, alias.id, sha))) {
      result.skipped++;
      continue;
    }
    seen.add(hex);
    // Sealed before it is written, as the mx does (docs/security.md AR1).
    const sealed = services.keys.sealUnderMaster(item.raw);
    const id = await insertInbound(db, {
      raw: sealed.sealed,
      rawKey: sealed.key,
      size: item.raw.length,
      mailFrom: item.sender,
      rcptTo: [aliasAddress(owned)],
      aliasIds: [alias.id],
    });
    // A lost wake-up is made good by the workers' sweep (docs/security.md D4).
    await services.events
      .inboundQueued()
      .catch((err: Error) =>
        services.log.warn({ inboundId: id, err: err.message }, 'wake-up not sent; the workers will sweep the row'),
      );
    queued.push(id);
  }
  await ingested(services, queued);
  result.imported = queued.length;
  return result;
}
