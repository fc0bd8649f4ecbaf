import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { findAliasById, insertMessage } from '@app/db';
import { seal } from '@app/runtime';
import type { Alias, MessageSummary } from '@app/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createAlias, json, signedIn } from './alias-helpers';
import { mailRig, waitForMessages, type MailRig } from './messages-helpers';
import { sendMail } from '@app/testing';

/** Small enough that the oversize import below stays cheap. */
const IMPORT_MAX_BYTES = 8 * 1024 * 1024;

let t: MailRig;
let owner: Client;
let other: Client;
let source: Alias;

const crlf = (s: string) => Buffer.from(s.replace(/\r?\n/g, '\r\n'));
const mail = (n: number, body: string) =>
  crlf(
    `From: Sender ${n} <sender${n}@example.test>\nTo: someone@alias.localhost\nSubject: Message ${n}\nMessage-ID: <m${n}-${Date.now()}@example.test>\n\n${body}\n`,
  );
const MBOX = { 'content-type': 'application/mbox' };

/** The raw downloads of every message of the alias, oldest first. */
async function raws(r: Client, aliasId: number, list: MessageSummary[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const m of [...list].sort((a, b) => a.id - b.id)) {
    const res = await r.call({ method: 'GET', url: r.url(`/alias/${aliasId}/message/${m.id}/raw`) });
    expect(res.statusCode).toBe(200);
    out.push(res.rawPayload);
  }
  return out;
}

const importInto = (r: Client, aliasId: number, payload: Buffer | Readable) =>
  r.call({ method: 'POST', url: r.url(`/alias/${aliasId}/import`), headers: MBOX, payload });

beforeAll(async () => {
  t = await mailRig({ IMPORT_MAX_BYTES: String(IMPORT_MAX_BYTES) });
  owner = await signedIn(t.app, t.services);
  other = await signedIn(t.app, t.services);
  source = await createAlias(owner);
  for (const [n, body] of ['From here\n>From there\nFromage', 'plain text', '>>From afar'].entries()) {
    const info = await sendMail(t.mx.port, {
      envelope: { from: `sender${n}@example.test`, to: [source.address] },
      raw: mail(n, body),
    });
    expect(info.response).toMatch(/^250 /);
  }
  await waitForMessages(owner, source.id, 3);
});
afterAll(() => t.close());

describe('alias export and import (docs/product.md §7 Export and import)', () => {
  let exported: LightMyRequestResponse;

  it('exports every message exactly as received as mboxrd, From lines quoted', async () => {
    exported = await owner.call({ method: 'GET', url: owner.url(`/alias/${source.id}/export.mbox`) });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/mbox');
    expect(exported.headers['content-disposition']).toContain(`attachment; filename="${source.address}.mbox"`);
    const text = exported.rawPayload.toString('latin1');
    const originals = await raws(owner, source.id, await waitForMessages(owner, source.id, 3));
    expect(text.match(/^From \S+ \w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4}$/gm)).toHaveLength(3);
    expect(text.startsWith('From sender0@example.test ')).toBe(true);
    expect(text).toContain('\r\n>From here\r\n>>From there\r\nFromage\r\n');
    expect(text).toContain('\r\n>>>From afar\r\n');
    for (const raw of originals) {
      const quoted = raw.toString('latin1').replace(/(?<![^\n])>*From /g, '>$&');
      expect(text).toContain(`\n${quoted}\n`);
    }
  });

  it('an export imported into another alias gives byte-identical messages; importing it again skips them all', async () => {
    const target = await createAlias(owner);
    const res = await importInto(owner, target.id, exported.rawPayload);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, imported: 3, skipped: 0, errors: [] });
    const list = await waitForMessages(owner, target.id, 3);
    expect(list.map((m) => m.subject).sort()).toEqual(['Message 0', 'Message 1', 'Message 2']);
    // The worker may store an import's messages in any order: compare them as a set.
    const sorted = (bufs: Buffer[]) => bufs.map((b) => b.toString('base64')).sort();
    expect(sorted(await raws(owner, target.id, list))).toEqual(
      sorted(await raws(owner, source.id, await waitForMessages(owner, source.id, 3))),
    );
    const alias = json<{ alias: Alias }>(await owner.call({ method: 'GET', url: owner.url(`/alias/${target.id}`) })).alias;
    expect(alias.total_count).toBe(3);

    const again = await importInto(owner, target.id, exported.rawPayload);
    expect(json(again)).toEqual({ success: true, imported: 0, skipped: 3, errors: [] });
    expect(await waitForMessages(owner, target.id)).toHaveLength(3);
  });

  it('reports malformed entries and imports the rest (IM3)', async () => {
    const target = await createAlias(owner);
    const file = Buffer.concat([
      Buffer.from('stray text\n'),
      Buffer.from('From a@example.test Mon Jan  5 10:00:00 2026\nthis is not a header\n\n'),
      Buffer.from('From MAILER-DAEMON Mon Jan  5 10:00:00 2026\n'),
      mail(7, 'good one'),
      Buffer.from('\nFrom b@example.test Mon Jan  5 10:00:00 2026\n\n'),
    ]);
    const res = await importInto(owner, target.id, file);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      success: true,
      imported: 1,
      skipped: 0,
      errors: [
        { index: 0, reason: 'text before the first From line' },
        { index: 1, reason: 'no header fields' },
        { index: 3, reason: 'empty message' },
      ],
    });
    const [m] = await waitForMessages(owner, target.id, 1);
    expect(m!.subject).toBe('Message 7');
    const nothing = await importInto(owner, target.id, Buffer.from('\x00\x01 binary junk'));
    expect(json(nothing)).toEqual({
      success: true,
      imported: 0,
      skipped: 0,
      errors: [{ index: 0, reason: 'not an mbox file: no From line' }],
    });
  });

  it('refuses a file over IMPORT_MAX_BYTES with a 413, declared or streamed (IM1)', async () => {
    const target = await createAlias(owner);
    const declared = await importInto(owner, target.id, Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'));
    expect(declared.statusCode).toBe(413);
    expect(json(declared)).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const streamed = await importInto(owner, target.id, Readable.from(Array.from({ length: 25 }, () => chunk)));
    expect(streamed.statusCode).toBe(413);
    const wrongType = await owner.call({ method: 'POST', url: owner.url(`/alias/${target.id}/import`), payload: { mbox: 'x' } });
    expect(wrongType.statusCode).toBe(400);
  });

  it("another account's alias or account gets the same 404 as a missing one (IM2)", async () => {
    const missing = await other.call({ method: 'GET', url: other.url('/alias/999999999/export.mbox') });
    expect(missing.statusCode).toBe(404);
    for (const res of [
      await other.call({ method: 'GET', url: other.url(`/alias/${source.id}/export.mbox`) }),
      await importInto(other, source.id, exported.rawPayload),
      await other.call({ method: 'GET', url: `/api/account/${owner.id}/alias/${source.id}/export.mbox` }),
      await other.call({ method: 'GET', url: `/api/account/${owner.id}/export` }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(json(res).msg).toBe(json(missing).msg);
    }
    expect(await waitForMessages(owner, source.id)).toHaveLength(3);
  });

  it('exports the whole account as a zip: aliases.json with the notes decrypted and one mbox per alias, trashed ones too', async () => {
    const put = await owner.call({
      method: 'PUT',
      url: owner.url(`/alias/${source.id}/notes`),
      payload: { value: 'secret note ✓' },
    });
    expect(put.statusCode).toBe(200);
    const gone = await createAlias(owner);
    expect(
      (await owner.call({ method: 'PUT', url: owner.url(`/alias/${gone.id}`), payload: { is_trashed: 1 } })).statusCode,
    ).toBe(200);
    const res = await owner.call({ method: 'GET', url: owner.url('/export') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const file = join(mkdtempSync(join(tmpdir(), 'export-')), 'export.zip');
    writeFileSync(file, res.rawPayload);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    const aliases = json<{ aliases: Alias[] }>(await owner.call({ method: 'GET', url: owner.url('/aliases') })).aliases;
    // Trashed aliases are part of the account's data too.
    expect(names.sort()).toEqual(['aliases.json', ...[...aliases, gone].map((a) => `${a.address}.mbox`)].sort());
    const data = JSON.parse(execFileSync('unzip', ['-p', file, 'aliases.json'], { encoding: 'utf8' })) as {
      aliases: Array<Alias & { note: { value: string } | null }>;
    };
    expect(data.aliases.find((a) => a.id === gone.id)).toMatchObject({ is_trashed: true, note: null });
    const mine = data.aliases.find((a) => a.id === source.id)!;
    expect(mine).toMatchObject({
      address: source.address,
      handle: source.handle,
      total_count: 3,
      is_active: true,
      senders: [],
      note: { value: 'secret note ✓' },
    });
    const mbox = execFileSync('unzip', ['-p', file, `${source.address}.mbox`]);
    expect(mbox.equals(exported.rawPayload)).toBe(true);
  });

  it('streams a 5 MB export to the end with the right byte count', async () => {
    // Stored directly, the way ingest stores them: the export, not the ingest, is under test here.
    const big = await createAlias(owner);
    const { db } = t.services.database;
    const aliasKey = await t.services.keys.aliasKey(db, (await findAliasById(db, big.id))!);
    const line = 'x'.repeat(998) + '\r\n';
    let rawBytes = 0;
    for (let n = 0; n < 10; n++) {
      const raw = mail(100 + n, line.repeat(500));
      rawBytes += raw.length;
      const key = await t.services.keys.create(db, aliasKey);
      await insertMessage(db, {
        aliasId: big.id,
        keyId: key.id,
        senderAddress: `big${n}@example.test`,
        rawSealed: seal(key.key, raw),
        size: raw.length,
      });
    }
    const out = await owner.call({ method: 'GET', url: owner.url(`/alias/${big.id}/export.mbox`) });
    expect(out.statusCode).toBe(200);
    const separators = out.rawPayload.toString('latin1').match(/^From .*\n/gm)!;
    expect(separators).toHaveLength(10);
    expect(rawBytes).toBeGreaterThan(5_000_000);
    // Each message: its separator line, its bytes (no From lines to quote, a final newline) and the blank line.
    expect(out.rawPayload.length).toBe(rawBytes + separators.join('').length + 10);
  }, 240_000);
});
