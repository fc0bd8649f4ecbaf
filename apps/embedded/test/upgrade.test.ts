// Data written by an earlier release stays readable after an upgrade. Each release under
// release-fixture/ left a Postgres dump of a database it wrote through its real paths (see make.ts),
// and the latest one also its PGlite data directory with the generated master key. With DATABASE_URL
// set, each dump is restored into a fresh database. Without, each release's dump is replayed into a
// fresh PGlite, so every schema version migrates forward there too, and the latest release's data
// directory is opened as it left it, which proves PGlite's on-disk format still opens. The test
// starts today's product on each — migrations run at start — and reads everything back through the
// API, the worker's ingest (mail the release left queued is claimed at start) and the outbound relay.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { listOutboxTo } from '@app/db';
import { createScratchDatabase } from '@app/db/testing';
import { createMailSender } from '@app/mail';
import { deliverOutbox } from '@app/worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedHandle } from '../src/index';
import type { FixtureManifest } from './release-fixture/manifest';
import { type SmtpCapture, startSmtpCapture } from '@app/testing';

const fixtures = fileURLToPath(new URL('./release-fixture/', import.meta.url));
const baseUrl = process.env.DATABASE_URL;
const mode = baseUrl ? 'postgres' : 'pglite';
const releases = readdirSync(fixtures)
  .filter((f) => f.endsWith('.postgres.sql'))
  .map((f) => f.slice(0, -'.postgres.sql'.length));
const tarball = (release: string) => join(fixtures, `${release}.pglite.tar.xz`);
/** What a release's database is restored from: its PGlite data directory when it left one (embedded mode), else its dump. */
const sourceOf = (release: string) => (!baseUrl && existsSync(tarball(release)) ? 'pglite' : 'postgres');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Restores a fixture; returns the variables that point the product at it. */
async function restore(release: string, dataDir: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const none = { env: {}, drop: async () => undefined };
  if (sourceOf(release) === 'pglite') {
    execFileSync('tar', ['-xJf', tarball(release), '-C', dataDir]);
    return none;
  }
  const dump = readFileSync(join(fixtures, `${release}.postgres.sql`), 'utf8');
  if (!baseUrl) {
    // Where the embedded mode keeps its database (packages/db/src/client.ts). PGlite has no lz4, which
    // packages/db/drizzle/0001_storage.sql sets only where the server has it: the column keeps pglz.
    const lite = await PGlite.create(join(dataDir, 'pglite'));
    await lite.exec(dump.replace(/^ALTER TABLE .* SET COMPRESSION lz4;$/gm, ''));
    await lite.close();
    return none;
  }
  const database = await createScratchDatabase(baseUrl, 'upgrade');
  const target = new pg.Client({ connectionString: database.url });
  await target.connect();
  await target.query(dump);
  await target.end();
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}

/** A signed-in caller of the real HTTP API. */
async function signIn(base: string, handle: string, password: string) {
  const headers = { 'x-requested-with': 'fetch', 'content-type': 'application/json' };
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers, body: JSON.stringify({ handle, password }) });
  expect(res.status, `sign-in of ${handle}`).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const userId = ((await res.json()) as { user: { id: number } }).user.id;
  const get = async (path: string) => {
    const r = await fetch(`${base}/api/account/${userId}${path}`, { headers: { cookie } });
    expect(r.status, path).toBe(200);
    return r;
  };
  return { userId, get, json: async <T>(path: string) => (await (await get(path)).json()) as T };
}

type Summary = { id: number; subject: string };
type Full = { text: string; attachments: Array<{ id: number; filename: string }> };

it('has fixtures of earlier releases, the latest with its PGlite data directory', () => {
  expect(releases.length).toBeGreaterThan(0);
  expect(existsSync(tarball(releases.toSorted().at(-1)!))).toBe(true);
});

describe.each(releases)(`a ${mode} database written by %s`, (release) => {
  const source = sourceOf(release);
  const manifest = JSON.parse(readFileSync(join(fixtures, `${release}.${source}.json`), 'utf8')) as FixtureManifest;
  const dataDir = mkdtempSync(join(tmpdir(), 'upgrade-'));
  let app: EmbeddedHandle;
  let relay: SmtpCapture;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const restored = await restore(release, dataDir);
    drop = restored.drop;
    relay = await startSmtpCapture();
    // The in-process queue: this test is about what the database holds, not about Redis.
    app = await startEmbedded({
      ...restored.env,
      DATA_DIR: dataDir,
      ...(manifest.masterKey ? { MASTER_KEY: manifest.masterKey } : {}),
      MAIL_DOMAIN: manifest.mailDomain,
      HOST: '127.0.0.1',
      PORT: '0',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '0',
      IMAP_PORT: '0',
      POP3_PORT: '0',
      SMTP_RELAY_URL: relay.url,
      LOG_LEVEL: 'silent',
    });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await relay?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in with the passwords it stored', async () => {
    for (const a of manifest.accounts) await signIn(app.url, a.handle, a.password);
  });

  it('opens every message it stored: subject, text, original bytes and attachments', async () => {
    for (const account of manifest.accounts) {
      const caller = await signIn(app.url, account.handle, account.password);
      const { aliases } = await caller.json<{ aliases: Array<{ id: number }> }>('/aliases');
      const mine = manifest.messages.filter((m) => aliases.some((a) => a.id === m.aliasId));
      for (const expected of mine) {
        const { messages } = await caller.json<{ messages: Summary[] }>(`/alias/${expected.aliasId}/messages`);
        const summary = messages.find((m) => m.subject === expected.subject);
        expect(summary, expected.subject).toBeDefined();
        const path = `/alias/${expected.aliasId}/message/${summary!.id}`;
        const { message } = await caller.json<{ message: Full }>(path);
        expect(message.text.trim()).toBe(expected.text);
        expect(sha256(Buffer.from(await (await caller.get(`${path}/raw`)).arrayBuffer()))).toBe(expected.rawSha256);
        if (expected.attachment) {
          const att = message.attachments.find((a) => a.filename === expected.attachment!.filename);
          expect(att).toBeDefined();
          const bytes = Buffer.from(await (await caller.get(`${path}/attachment/${att!.id}`)).arrayBuffer());
          expect(sha256(bytes)).toBe(expected.attachment.sha256);
        }
      }
    }
    expect(manifest.messages.length).toBeGreaterThan(0);
  });

  // Releases before search leave their mail to the index job; later ones indexed it at ingest in an
  // earlier format, which the migrations carry forward (the index job never revisits such mail).
  it('finds the mail it stored by search', async () => {
    for (const account of manifest.accounts) {
      const caller = await signIn(app.url, account.handle, account.password);
      const { aliases } = await caller.json<{ aliases: Array<{ id: number }> }>('/aliases');
      for (const expected of manifest.messages.filter((m) => aliases.some((a) => a.id === m.aliasId))) {
        // Its longest word.
        const word = expected.subject.split(/\s+/).sort((a, b) => b.length - a.length)[0]!;
        const path = `/search?q=${encodeURIComponent(word)}&alias_id=${expected.aliasId}`;
        let found = false;
        for (let i = 0; i < 300 && !found; i++) {
          found = (await caller.json<{ messages: Summary[] }>(path)).messages.some((m) => m.subject === expected.subject);
          if (!found) await new Promise((r) => setTimeout(r, 100));
        }
        expect(found, `search for "${word}"`).toBe(true);
      }
    }
  });

  it('reads the alias note it sealed', async () => {
    const member = manifest.accounts[0]!;
    const caller = await signIn(app.url, member.handle, member.password);
    const { note } = await caller.json<{ note: { value: string } }>(`/alias/${manifest.note.aliasId}/notes`);
    expect(note.value).toBe(manifest.note.value);
  });

  it('ingests the mail it had accepted but not yet stored', async () => {
    const member = manifest.accounts[0]!;
    const caller = await signIn(app.url, member.handle, member.password);
    const path = `/alias/${manifest.pending.aliasId}/messages`;
    let found: Summary | undefined;
    for (let i = 0; i < 300 && !found; i++) {
      found = (await caller.json<{ messages: Summary[] }>(path)).messages.find((m) => m.subject === manifest.pending.subject);
      if (!found) await new Promise((r) => setTimeout(r, 100));
    }
    expect(found, 'the pending message was ingested after the upgrade').toBeDefined();
    const raw = await caller.get(`/alias/${manifest.pending.aliasId}/message/${found!.id}/raw`);
    expect(sha256(Buffer.from(await raw.arrayBuffer()))).toBe(manifest.pending.rawSha256);
  });

  it('sends the outbound mail it had queued, links intact', async () => {
    const sender = createMailSender(relay.url);
    try {
      for (const expected of manifest.outbox) {
        const rows = await listOutboxTo(app.services.database.db, expected.to);
        expect(rows.length, expected.to).toBeGreaterThan(0);
        for (const row of rows) await deliverOutbox(app.services, sender, row.id);
        const mail = await relay.waitFor(expected.to);
        expect(mail.text).toContain(expected.contains);
      }
    } finally {
      sender.close();
    }
  });
});
