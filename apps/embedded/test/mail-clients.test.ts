import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFresh, type Embedded } from './harness';
import { createMember } from '@app/testing';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./mail-clients/clients.py', import.meta.url));

interface Message {
  id: number;
  opened: string | null;
}

/**
 * docs/mail-clients.md with clients no one here wrote: Python's imaplib and poplib over loopback,
 * against the one-process product. Mail goes in over SMTP and must come out byte for byte; read
 * state and the trash go both ways with the web API; the account password never signs in.
 */
describe('mail clients over IMAP and POP3', () => {
  let e: Embedded;
  let me: string;
  let base: string;
  let handle: string;
  let password: string;
  let token: string;
  let tokenId: number;
  let alias: { id: number; address: string };
  const raws: string[] = [];
  const word = `zebra${Date.now().toString(36)}`;

  const py = async (step: string, port: number, user: string, pass: string, ...args: string[]) => {
    const { stdout } = await run('python3', [SCRIPT, step, '127.0.0.1', String(port), user, pass, ...args], { timeout: 30_000 });
    return JSON.parse(stdout) as Record<string, unknown>;
  };
  const messages = async (list = 'messages') =>
    (await e.call('GET', `${base}/alias/${alias.id}/${list}`, me)).json.messages as Message[];

  async function send(subject: string): Promise<string> {
    const raw = [
      `From: Pal <pal@friend.example>`,
      `To: ${alias.address}`,
      `Subject: ${subject}`,
      `Message-ID: <${subject}@friend.example>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Hello ${word},`,
      '.a line that starts with a dot',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      '',
      `<p>Hello ${word}</p>`,
      '--b1--',
      '',
    ].join('\r\n');
    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: e.app.smtpPort, secure: false, ignoreTLS: true });
    await smtp.sendMail({ envelope: { from: 'pal@friend.example', to: [alias.address] }, raw });
    smtp.close();
    return raw;
  }

  beforeAll(async () => {
    e = await startFresh();
    const member = await createMember(e.app.services);
    handle = member.handle;
    password = member.password;
    me = await e.login(handle, password);
    base = `/api/account/${member.account.id}`;
    alias = (await e.call('POST', `${base}/alias`, me, {})).json.alias as typeof alias;
    const created = await e.call('POST', `${base}/tokens`, me, { label: 'laptop', scope: 'mail', expires_in_days: 30 });
    expect(created.status).toBe(201);
    token = created.json.token as string;
    tokenId = (created.json.api_token as { id: number }).id;
    raws.push(await send(`first-${word}`), await send(`second-${word}`));
    // expect.poll is for tests only: the ingest is waited for by hand here.
    for (let i = 0; i < 200 && (await messages()).length < 2; i++) await new Promise((r) => setTimeout(r, 100));
  }, 120_000);
  afterAll(() => e?.close());

  it('refuses the account password and a mail token on the API; the app password never calls the API', async () => {
    expect(await py('imap-login', e.app.imapPort, handle, password)).toMatchObject({ ok: false });
    expect(await py('pop3-login', e.app.pop3Port, handle, password)).toMatchObject({ ok: false });
    const api = await fetch(`${e.app.url}${base}/aliases`, { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(403);
  });

  it('POP3 (poplib): lists with UIDL, serves the bytes sent, TOP, and RETR marks read', async () => {
    const out = await py('pop3', e.app.pop3Port, handle, token);
    const list = await messages();
    expect(out.stat).toEqual([2, raws.reduce((s, r) => s + Buffer.byteLength(r), 0)]);
    expect((out.uidl as string[]).map((u) => Number(u.split(' ')[1]))).toEqual(list.map((m) => m.id).sort((a, b) => a - b));
    expect(out.retr).toBe(raws[0]);
    expect(out.top).toContain(`Subject: first-${word}`);
    expect(list.find((m) => m.id === Math.min(...list.map((x) => x.id)))!.opened).not.toBeNull();
  });

  it('IMAP (imaplib): folders, byte-exact bodies, partial fetches, search and read state both ways', async () => {
    const list = await messages();
    const [first, second] = list.map((m) => m.id).sort((a, b) => a - b);
    await e.call('PUT', `${base}/alias/${alias.id}/mark_messages`, me, { message_ids: [first, second], type: 'unread' });
    const out = await py('imap', e.app.imapPort, handle, token, `Aliases/${alias.address}`, word);
    expect(out.list).toEqual(
      expect.arrayContaining(['(\\HasNoChildren) "/" "INBOX"', `(\\HasNoChildren) "/" "Aliases/${alias.address}"`]),
    );
    expect(out.exists).toBe(2);
    expect(out.unseen).toEqual([String(first), String(second)]);
    expect(out.peek).toBe(raws[0]);
    expect(out.peek_meta).toContain(`"first-${word}"`);
    expect(out.peek_meta).toContain('("TEXT" "PLAIN" ("CHARSET" "utf-8")');
    expect(out.partial).toEqual([`Subject: first-${word}\r\n\r\n`, raws[0]!.slice(0, 10)]);
    expect(out.rfc822).toBe(raws[0]);
    expect(out.flags_after).toContain('\\Seen');
    expect(out.text_search).toEqual(['1', '2']);
    expect(out.subject_search).toEqual(['1', '2']);
    // Read over IMAP is read in the web app, and the reverse.
    await expect.poll(async () => (await messages()).find((m) => m.id === first)!.opened).not.toBeNull();
    await e.call('PUT', `${base}/alias/${alias.id}/mark_messages`, me, { message_ids: [first], type: 'unread' });
    const flags = (await py('imap-flags', e.app.imapPort, handle, token, 'INBOX')).flags as string[];
    expect(flags[0]).not.toContain('\\Seen');
    const log = await e.call('GET', `${base}/alias/${alias.id}/logs`, me);
    expect(JSON.stringify(log.json)).toContain('read over IMAP from 127.0.0.1');
  });

  it("Debian's mbsync syncs every alias folder into a Maildir; a second sync fetches nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mbsync-'));
    const config = join(dir, 'mbsyncrc');
    mkdirSync(join(dir, 'mail'));
    writeFileSync(
      config,
      [
        'IMAPAccount a',
        'Host 127.0.0.1',
        `Port ${e.app.imapPort}`,
        `User ${handle}`,
        `Pass ${token}`,
        'SSLType None',
        'AuthMechs LOGIN',
        '',
        'IMAPStore remote',
        'Account a',
        '',
        'MaildirStore local',
        `Path ${dir}/mail/`,
        'SubFolders Verbatim',
        '',
        'Channel all',
        'Far :remote:',
        'Near :local:',
        'Patterns "Aliases/*"',
        'Create Near',
        'Sync Pull',
        'SyncState *',
        '',
      ].join('\n'),
    );
    const sync = () => run('mbsync', ['-c', config, '-a'], { timeout: 60_000 });
    const box = join(dir, 'mail', 'Aliases', alias.address);
    const maildir = () => ['new', 'cur'].flatMap((sub) => readdirSync(join(box, sub)).map((f) => join(box, sub, f)));
    await sync();
    const files = maildir();
    // A Maildir holds lines ending in LF, and mbsync adds its X-TUID field; the bytes are otherwise those sent.
    const stored = files.map((f) => readFileSync(f, 'latin1').replace(/^X-TUID: .*\n/m, '')).sort();
    expect(stored).toEqual(raws.map((r) => r.replace(/\r\n/g, '\n')).sort());
    // The second sync finds nothing new: the same files, none fetched again.
    await sync();
    expect(maildir()).toEqual(files);
  });

  it('fetchmail over POP3 with UIDL fetches each message once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fetchmail-'));
    const deliver = join(dir, 'deliver.sh');
    writeFileSync(deliver, `#!/bin/sh\ncat > "${dir}/msg.$$"\n`);
    chmodSync(deliver, 0o700);
    const rc = join(dir, 'fetchmailrc');
    writeFileSync(
      rc,
      `poll 127.0.0.1 service ${e.app.pop3Port} protocol POP3 uidl user "${handle}" password "${token}" keep sslproto '' mda "${deliver}"\n`,
    );
    chmodSync(rc, 0o600);
    const fetchmail = () =>
      run('fetchmail', ['-f', rc, '--idfile', join(dir, 'ids'), '--invisible', '--nosyslog'], {
        timeout: 60_000,
        env: { ...process.env, HOME: dir },
      }).catch((err: { code?: number; stdout?: string }) => err);
    await fetchmail();
    const got = readdirSync(dir).filter((f) => f.startsWith('msg.'));
    expect(got).toHaveLength(2);
    const bodies = got.map((f) => readFileSync(join(dir, f), 'latin1').replace(/\r\n/g, '\n'));
    for (const raw of raws) expect(bodies.some((b) => b.endsWith(raw.replace(/\r\n/g, '\n')))).toBe(true);
    // The second run finds every UIDL seen already: exit code 1 is fetchmail's "no mail".
    expect(await fetchmail()).toMatchObject({ code: 1 });
    expect(readdirSync(dir).filter((f) => f.startsWith('msg.'))).toHaveLength(2);
  });

  /** A session typed by hand, signed in: `write` sends a line, `seen` is all the server has said. */
  const rawImap = async () => {
    const socket = connect(e.app.imapPort, '127.0.0.1');
    let said = '';
    socket.on('data', (d: Buffer) => (said += d.toString()));
    const waitFor = (text: string) => expect.poll(() => said, { timeout: 10_000 }).toContain(text);
    socket.write(`a LOGIN ${handle} "${token}"\r\n`);
    await waitFor('a OK');
    return { write: (line: string) => socket.write(`${line}\r\n`), waitFor, seen: () => said, end: () => socket.end() };
  };

  it('pushes new mail to an IDLE client', async () => {
    const { write, waitFor, end } = await rawImap();
    write('b SELECT INBOX');
    await waitFor('b OK');
    write('c IDLE');
    await waitFor('+ idling');
    raws.push(await send(`third-${word}`));
    await waitFor('* 3 EXISTS');
    write('DONE');
    await waitFor('c OK');
    end();
  });

  it('trash both ways: \\Deleted + EXPUNGE moves to the trash, the web app trashing removes it', async () => {
    const before = await messages();
    const out = await py('imap-trash', e.app.imapPort, handle, token, 'INBOX');
    expect(out.expunged).toEqual(['1']);
    expect(out.trash).toBe(1);
    await expect.poll(async () => (await messages()).length).toBe(before.length - 1);
    expect((await messages('trash')).length).toBe(1);
    const remaining = await messages();
    await e.call('PUT', `${base}/alias/${alias.id}/trash_messages`, me, { message_ids: [remaining[0]!.id] });
    const flags = (await py('imap-flags', e.app.imapPort, handle, token, 'INBOX')).flags as string[];
    expect(flags).toHaveLength(before.length - 2);
  });

  it('imapflow: folders, the bytes sent, \\Seen seen by the web app, MOVE to Trash, IDLE push; the account password refused', async () => {
    const flow = (pass: string) =>
      new ImapFlow({ host: '127.0.0.1', port: e.app.imapPort, secure: false, auth: { user: handle, pass }, logger: false });
    await expect(flow(password).connect()).rejects.toThrow();
    const client = flow(token);
    await client.connect();
    try {
      const paths = (await client.list()).map((f) => f.path);
      expect(paths).toEqual(expect.arrayContaining(['INBOX', `Aliases/${alias.address}`, 'Trash', 'Spam']));
      const known = new Set((await messages()).map((m) => m.id));
      const raw = await send(`flow-${word}`);
      raws.push(raw);
      await expect.poll(async () => (await messages()).some((m) => !known.has(m.id)), { timeout: 20_000 }).toBe(true);
      const id = (await messages()).find((m) => !known.has(m.id))!.id;
      await client.mailboxOpen('INBOX');
      const fetched = await client.fetchOne(String(id), { source: true, flags: true }, { uid: true });
      expect(fetched && fetched.source!.toString('latin1')).toBe(raw);
      expect(fetched && [...fetched.flags!]).not.toContain('\\Seen');
      await client.messageFlagsAdd(String(id), ['\\Seen'], { uid: true });
      await expect.poll(async () => (await messages()).find((m) => m.id === id)?.opened ?? null).not.toBeNull();
      expect(await client.messageMove(String(id), 'Trash', { uid: true })).toBeTruthy();
      expect((await messages()).map((m) => m.id)).not.toContain(id);
      expect((await messages('trash')).map((m) => m.id)).toContain(id);
      // IDLE: a message arriving while the client idles is announced as EXISTS.
      const before = client.mailbox ? client.mailbox.exists : 0;
      const announced: number[] = [];
      client.on('exists', (event: { count: number }) => announced.push(event.count));
      const idling = client.idle();
      raws.push(await send(`flow-idle-${word}`));
      await expect.poll(() => announced, { timeout: 10_000 }).toContain(before + 1);
      await client.noop();
      await idling;
    } finally {
      await client.logout();
    }
  });

  it('a selected session hears, at NOOP, of mail the web app trashed (EXPUNGE) and of new mail (EXISTS)', async () => {
    const { write, waitFor, seen, end } = await rawImap();
    write('b SELECT INBOX');
    await waitFor('b OK');
    const exists = Number(/\* (\d+) EXISTS/.exec(seen())![1]);
    const listed = await messages();
    const oldest = listed.reduce((a, b) => (a.id < b.id ? a : b));
    await e.call('PUT', `${base}/alias/${alias.id}/trash_messages`, me, { message_ids: [oldest.id] });
    write('c NOOP');
    await waitFor('c OK');
    expect(seen()).toContain('* 1 EXPUNGE');
    const known = new Set(listed.map((m) => m.id));
    raws.push(await send(`noop-${word}`));
    await expect.poll(async () => (await messages()).some((m) => !known.has(m.id)), { timeout: 20_000 }).toBe(true);
    write('d NOOP');
    await waitFor('d OK');
    expect(seen()).toContain(`* ${exists} EXISTS\r\nd OK`);
    end();
  });

  it('a scripted neomutt pipes a message out of INBOX as it was sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'neomutt-'));
    const rc = join(dir, 'neomuttrc');
    const out = join(dir, 'piped.eml');
    const folder = `imap://${handle}@127.0.0.1:${e.app.imapPort}/`;
    writeFileSync(
      rc,
      [
        `set folder="${folder}"`,
        `set imap_pass="${token}"`,
        'set ssl_starttls=no',
        'set ssl_force_tls=no',
        'set header_cache=""',
        'set message_cachedir=""',
        'set wait_key=no',
        'set quit=yes',
        'set pipe_decode=no',
        '',
      ].join('\n'),
    );
    chmodSync(rc, 0o600);
    // neomutt needs a terminal: script(1) gives it one; push types the keys.
    const command = `neomutt -n -F ${rc} -f ${folder}INBOX -e 'push "<pipe-message>cat > ${out}<enter><quit>"'`;
    await run('script', ['-qec', command, '/dev/null'], { timeout: 60_000, env: { ...process.env, TERM: 'xterm', HOME: dir } });
    const piped = readFileSync(out, 'latin1');
    // neomutt hands the message on with LF line ends; the bytes are otherwise those sent.
    expect(raws.map((r) => r.replace(/\r\n/g, '\n'))).toContain(piped);
  });

  it('ends an open session at its next command once the app password is revoked', async () => {
    const { write, waitFor, end } = await rawImap();
    expect((await e.call('DELETE', `${base}/tokens/${tokenId}`, me)).status).toBe(200);
    write('b NOOP');
    await waitFor('* BYE');
    end();
  });
});
