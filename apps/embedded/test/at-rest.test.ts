import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { marker, startFresh, type Embedded } from './harness';
import { ADMIN_PASSWORD, createMember, linkIn, sendMail } from '@app/testing';

const VIP = 2;

/**
 * docs/security.md AR1–AR4, checked on the database's files, not on live rows: known markers go through
 * the real paths (SMTP, API, the relay), the process stops, and no file of the data directory (heap,
 * dead row versions, WAL) — or a pg_dump of the Postgres database — holds any of them. A value in
 * clear that the product does keep (the account's handle) must be found, so the search is real.
 */
async function writeMarkers(e: Embedded): Promise<{ secrets: string[]; kept: string }> {
  const { services } = e.app;
  const member = await createMember(services, { packageId: VIP });
  const me = await e.login(member.handle, member.password);
  const base = `/api/account/${member.account.id}`;
  const created = await e.call('POST', `${base}/alias`, me, { specialty: 'chat' });
  expect(created.status).toBe(201);
  const alias = created.json.alias as { id: number; address: string };

  // Subject and body: a real SMTP delivery, ingested by the worker.
  const subject = marker('subject');
  const body = marker('body');
  const pal = `pal-${member.handle}@friend.example`;
  await sendMail(e.app.smtpPort, { from: pal, to: alias.address, subject, text: `Hello,\n${body}\n`, html: `<p>${body}</p>` });
  await expect
    .poll(async () => (await e.call('GET', `${base}/alias/${alias.id}/messages`, me)).json.messages, { timeout: 20_000 })
    .toMatchObject([{ subject }]);

  // A chat reply: stored as an outgoing message and mailed through the outbox and the relay.
  const reply = marker('chat');
  expect((await e.call('POST', `${base}/alias/${alias.id}/chat`, me, { text: reply })).status).toBe(201);
  expect((await e.relay.waitFor(pal)).text).toContain(reply);

  // A note.
  const note = marker('note');
  expect((await e.call('PUT', `${base}/alias/${alias.id}/notes`, me, { value: note })).status).toBe(200);

  // A reset link and an invitation link, as mailed.
  expect((await e.call('POST', '/api/reset', '', { email: member.account.email })).status).toBe(200);
  const reset = linkIn(await e.relay.waitFor(member.account.email), 'reset').code;
  const admin = await e.login('admin', ADMIN_PASSWORD);
  const guest = `guest-${member.handle}@invited.example`;
  expect((await e.call('PUT', '/api/account/1/invite', admin, { name: 'Guest', email: guest, message: '' })).status).toBe(201);
  const invitation = linkIn(await e.relay.waitFor(guest), 'redeem').code;

  return { secrets: [subject, body, reply, note, reset, invitation], kept: member.handle };
}

/** The markers found in `data` as text or as hex (how pg_dump writes bytea). */
function found(data: Buffer, markers: string[]): string[] {
  return markers.filter((m) => data.includes(Buffer.from(m)) || data.includes(Buffer.from(Buffer.from(m).toString('hex'))));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every relation file of the database (after a checkpoint) and every WAL segment of the server. */
async function serverFiles(url: string): Promise<Array<{ name: string; data: Buffer }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('checkpoint');
    const relations = await client.query<{ path: string }>(
      `select pg_relation_filepath(oid) as path from pg_class where relkind in ('r', 't', 'i', 'm') and pg_relation_filepath(oid) is not null`,
    );
    const wal = await client.query<{ name: string }>(
      `select 'pg_wal/' || name as name from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$'`,
    );
    const files: Array<{ name: string; data: Buffer }> = [];
    for (const name of [...relations.rows.map((r) => r.path), ...wal.rows.map((r) => r.name)]) {
      const res = await client.query<{ data: Buffer }>('select pg_read_binary_file($1::text, 0, 536870912, true) as data', [
        name,
      ]);
      if (res.rows[0]?.data) files.push({ name, data: res.rows[0].data });
    }
    return files;
  } finally {
    await client.end();
  }
}

describe('nothing readable at rest (docs/security.md AR1–AR4)', () => {
  it('embedded PGlite: no marker in any file under DATA_DIR (heap, dead rows, WAL) after a stop', async () => {
    const e = await startFresh({ DATABASE_URL: undefined, REDIS_URL: undefined });
    let markers: { secrets: string[]; kept: string };
    try {
      markers = await writeMarkers(e);
      // Let the outbox rows reach their final state before the stop.
      await e.app.services.queue.drain();
    } finally {
      await e.close();
    }
    const files = filesUnder(e.dataDir);
    expect(files.some((f) => f.includes('pg_wal'))).toBe(true);
    const hits = files.flatMap((f) => found(readFileSync(f), markers.secrets).map((m) => `${m} in ${f}`));
    expect(hits).toEqual([]);
    expect(files.some((f) => found(readFileSync(f), [markers.kept]).length > 0)).toBe(true);
  });

  it.runIf(process.env.DATABASE_URL)(
    "Postgres: no marker in a pg_dump, nor in the database's heap files or the WAL",
    async () => {
      const e = await startFresh();
      let markers: { secrets: string[]; kept: string };
      try {
        markers = await writeMarkers(e);
      } finally {
        await e.close();
      }
      const dump = execFileSync('pg_dump', ['--no-owner', process.env.DATABASE_URL!], { maxBuffer: 1 << 30 });
      expect(found(dump, markers.secrets)).toEqual([]);
      expect(found(dump, [markers.kept])).toEqual([markers.kept]);

      // Dead row versions and the WAL, read through the server (the test connects as a superuser).
      const files = await serverFiles(process.env.DATABASE_URL!);
      expect(files.some((f) => f.name.startsWith('pg_wal/'))).toBe(true);
      expect(files.flatMap((f) => found(f.data, markers.secrets).map((m) => `${m} in ${f.name}`))).toEqual([]);
      expect(files.some((f) => found(f.data, [markers.kept]).length > 0)).toBe(true);
    },
  );
});
