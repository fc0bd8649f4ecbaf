// Writes databases the way this release stores them, for the upgrade test of the releases after it:
//   pnpm --filter @app/embedded exec tsx test/release-fixture/make.ts <name>
// It runs the real product (api + mx + worker) twice — on a scratch Postgres database and on
// embedded PGlite — puts mail, a note and outbound mail in each through the real paths, leaves one
// received message not yet ingested and two outbound mails not yet sent, then keeps the database
// (`<name>.postgres.sql` from pg_dump, `<name>.pglite.tar.xz` of the data directory) beside a
// manifest of what a reader must find in it. Needs Postgres on 127.0.0.1:5432, pg_dump, tar and xz.
// Every release's dump is kept; of the PGlite data directories only the latest release's (delete the
// previous `<name>.pglite.{tar.xz,json}`): ../upgrade.test.ts replays the older dumps into PGlite.
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { insertAccount, setSubscription } from '@app/db';
import { createScratchDatabase } from '@app/db/testing';
import { hashPassword } from '@app/api';
import { startMx } from '@app/mx';
import { createServices, loadConfig } from '@app/runtime';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { startEmbedded } from '../../src/index';
import type { FixtureManifest } from './manifest';

const name = process.argv[2];
if (!name || !/^[a-z0-9-]+$/.test(name)) throw new Error('usage: make.ts <fixture-name> (lowercase letters, digits, -)');
const here = fileURLToPath(new URL('.', import.meta.url));
const server = 'postgres://postgres@127.0.0.1:5432/postgres';
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** Runs the release on `extra` (a database choice) and records what it wrote. */
async function writeRelease(extra: Record<string, string>, dataDir: string): Promise<FixtureManifest> {
  const env: Record<string, string> = {
    ...extra,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '0',
    IMAP_PORT: '0',
    POP3_PORT: '0',
    MAIL_DOMAIN: 'alias.localhost',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    ADMIN_PASSWORD: 'fixture-Admin-Passw0rd',
    // A relay that refuses connections: outbound mail stays queued, as it does while a relay is down.
    SMTP_RELAY_URL: 'smtp://127.0.0.1:9',
    LOG_LEVEL: 'error',
  };
  const app = await startEmbedded(env);
  const { db } = app.services.database;
  const member = { handle: 'fixture_member', password: 'fixture-Member-Passw0rd', email: 'member@example.test' };
  const account = await insertAccount(db, {
    handle: member.handle,
    name: 'Fixture Member',
    email: member.email,
    passwordHash: await hashPassword(member.password),
    approvedAt: new Date(),
    registeredAt: new Date(),
  });
  await setSubscription(db, account.id, 1);

  /** A signed-in caller of the real HTTP API. */
  async function signIn(handle: string, password: string) {
    const headers = { 'x-requested-with': 'fetch', 'content-type': 'application/json' };
    const res = await fetch(`${app.url}/api/login`, { method: 'POST', headers, body: JSON.stringify({ handle, password }) });
    if (!res.ok) throw new Error(`login ${handle}: ${res.status}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const userId = ((await res.json()) as { user: { id: number } }).user.id;
    return {
      userId,
      async call<T>(method: string, path: string, body?: unknown): Promise<T> {
        const r = await fetch(`${app.url}/api${path}`, {
          method,
          headers: { ...headers, cookie },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
        return (await r.json()) as T;
      },
    };
  }

  type AliasAnswer = { alias: { id: number; address: string } };
  const asMember = await signIn(member.handle, member.password);
  const asAdmin = await signIn('admin', env.ADMIN_PASSWORD!);
  const shop = (await asMember.call<AliasAnswer>('POST', `/account/${asMember.userId}/alias`, {})).alias;
  const news = (await asMember.call<AliasAnswer>('POST', `/account/${asMember.userId}/alias`, {})).alias;
  // The admin's package has triple encryption: its mail is sealed under three ciphers.
  const vault = (await asAdmin.call<AliasAnswer>('POST', `/account/${asAdmin.userId}/alias`, {})).alias;
  const note = 'Fixture note: card ending 4242, shop account fixture-shop.';
  await asMember.call('PUT', `/account/${asMember.userId}/alias/${shop.id}/notes`, { value: note });

  const mails = [
    { alias: shop, subject: 'Fixture order 1001 confirmed', text: 'Your fixture order 1001 ships tomorrow.' },
    {
      alias: shop,
      subject: 'Fixture invoice with attachment',
      text: 'The fixture invoice is attached.',
      html: '<p>The <b>fixture invoice</b> is attached.</p>',
      attachment: { filename: 'invoice-1001.txt', content: 'Fixture invoice 1001: 42.00 EUR\n' },
    },
    {
      alias: vault,
      subject: 'Fixture triple-sealed letter',
      text: 'Sealed three times, read once.',
      html: '<p>Sealed three times, read once.</p>',
    },
  ];

  /** Sends over real SMTP and returns the exact bytes the mx received. */
  async function send(
    port: number,
    m: {
      alias: { address: string };
      subject: string;
      text: string;
      html?: string;
      attachment?: { filename: string; content: string };
    },
  ): Promise<Buffer> {
    const built = await new MailComposer({
      from: 'Fixture Shop <orders@shop.example>',
      to: m.alias.address,
      subject: m.subject,
      text: m.text,
      ...(m.html ? { html: m.html } : {}),
      ...(m.attachment ? { attachments: [m.attachment] } : {}),
      messageId: `<${randomBytes(8).toString('hex')}@shop.example>`,
      date: new Date('2026-11-20T10:00:00Z'),
    })
      .compile()
      .build();
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    await transport.sendMail({ envelope: { from: 'orders@shop.example', to: [m.alias.address] }, raw: built });
    transport.close();
    return built;
  }

  const stored: FixtureManifest['messages'] = [];
  for (const m of mails) {
    const raw = await send(app.smtpPort, m);
    stored.push({
      aliasId: m.alias.id,
      subject: m.subject,
      text: m.text,
      rawSha256: sha256(raw),
      ...(m.attachment ? { attachment: { filename: m.attachment.filename, sha256: sha256(m.attachment.content) } } : {}),
    });
  }
  // Ingest is asynchronous: wait until every message is listed.
  for (let i = 0; ; i++) {
    const lists = await Promise.all([
      asMember.call<{ messages: unknown[] }>('GET', `/account/${asMember.userId}/alias/${shop.id}/messages`),
      asAdmin.call<{ messages: unknown[] }>('GET', `/account/${asAdmin.userId}/alias/${vault.id}/messages`),
    ]);
    if (lists[0].messages.length === 2 && lists[1].messages.length === 1) break;
    if (i > 200) throw new Error('messages were not ingested');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Outbound mail that the relay has not taken yet: a reset link and an invitation.
  await fetch(`${app.url}/api/reset`, {
    method: 'POST',
    headers: { 'x-requested-with': 'fetch', 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email }),
  });
  await asAdmin.call('PUT', `/account/${asAdmin.userId}/invite`, {
    email: 'invitee@example.test',
    name: 'Fixture Invitee',
    message: 'Come and see.',
  });
  await app.close();

  // One message the mx accepted (250) while no worker ran: it is still a queued inbound row.
  const mxServices = await createServices(loadConfig({ ...process.env, ...env }), { name: 'fixture-mx' });
  const mx = await startMx(mxServices);
  const pending = { aliasId: news.id, subject: 'Fixture mail accepted before the upgrade', text: 'Accepted, not yet ingested.' };
  const pendingRaw = await send(mx.port, { ...pending, alias: news });
  await mx.close();
  await mxServices.close();

  return {
    release: name!,
    masterKey: env.MASTER_KEY ?? null,
    mailDomain: env.MAIL_DOMAIN!,
    accounts: [
      { handle: member.handle, password: member.password, email: member.email },
      { handle: 'admin', password: env.ADMIN_PASSWORD!, email: 'admin@alias.localhost' },
    ],
    note: { aliasId: shop.id, value: note },
    messages: stored,
    pending: { ...pending, rawSha256: sha256(pendingRaw) },
    outbox: [
      { kind: 'reset', to: member.email, contains: '/auth/reset/' },
      { kind: 'invitation', to: 'invitee@example.test', contains: '/auth/redeem/' },
    ],
  };
}

const writeManifest = (kind: string, m: FixtureManifest) =>
  writeFileSync(join(here, `${name}.${kind}.json`), JSON.stringify(m, null, 2) + '\n');

// Postgres: a plain SQL dump.
const database = await createScratchDatabase(server, 'fixture');
const pgDir = mkdtempSync(join(tmpdir(), 'fixture-'));
writeManifest(
  'postgres',
  await writeRelease({ DATABASE_URL: database.url, MASTER_KEY: randomBytes(32).toString('base64') }, pgDir),
);
const dump = execFileSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', '--no-comments', database.url], {
  maxBuffer: 1 << 28,
})
  .toString()
  // psql meta-commands (\restrict) mean nothing to a driver; the rest is plain SQL.
  .split('\n')
  .filter((line) => !line.startsWith('\\'))
  .join('\n');
writeFileSync(join(here, `${name}.postgres.sql`), dump);
await database.drop();
rmSync(pgDir, { recursive: true, force: true });

// PGlite: the data directory itself as the embedded default leaves it, its generated master key included.
const liteDir = mkdtempSync(join(tmpdir(), 'fixture-'));
writeManifest('pglite', await writeRelease({}, liteDir));
// xz at its strongest: a data directory (a WAL segment, the catalogs) packs into 1.2 MB, against 5 MB with gzip.
execFileSync('tar', ['-cJf', join(here, `${name}.pglite.tar.xz`), '-C', liteDir, '.'], {
  env: { ...process.env, XZ_OPT: '-9e' },
});
rmSync(liteDir, { recursive: true, force: true });
console.log(`wrote ${name}.postgres.{sql,json} and ${name}.pglite.{tar.xz,json}`);
