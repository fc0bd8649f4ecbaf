import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accounts, insertAlias, replaceAliasSenders, seed, updateAliasFields, type AliasRow, type Db } from '@app/db';
import { testMasterKey } from '@app/db/testing';
import { createLogger, createServices, loadConfig, type Services } from '@app/runtime';

export const MAIL_DOMAIN = 'alias.localhost';

/**
 * Services for one test file: real Postgres and Redis when DATABASE_URL / REDIS_URL are set, else
 * PGlite in a temp dir and the in-process queue. A unique queue prefix keeps files apart.
 */
export async function makeServices(env: Record<string, string | undefined> = {}): Promise<Services> {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mx-test-')),
    MASTER_KEY: testMasterKey(),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MAIL_DOMAIN,
    SMTP_PORT: '0',
    // Spam scoring only where a test asks for it (CI sets RSPAMD_URL for those that do).
    RSPAMD_URL: '',
    ...env,
  });
  const services = await createServices(config, { name: 'test', queuePrefix: `test-${randomBytes(4).toString('hex')}` });
  await seedOnce(services.database.db);
  return services;
}

/** Seeds the catalogue; parallel files on one fresh database may race on the admin row. */
export async function seedOnce(db: Db): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      await seed(db, { mailDomain: MAIL_DOMAIN, adminPasswordHash: async () => 'not-a-hash' });
      return;
    } catch (err) {
      if (i >= 3) throw err;
      await sleep(100 + Math.random() * 200);
    }
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const rand = () => randomBytes(5).toString('hex');

/** A registered, approved account (Free package). */
export async function makeAccount(services: Services): Promise<number> {
  const handle = `u_${rand()}`;
  const now = new Date();
  const [row] = await services.database.db
    .insert(accounts)
    .values({ handle, name: 'Test', email: `${handle}@example.test`, approvedAt: now, registeredAt: now })
    .returning({ id: accounts.id });
  return row!.id;
}

export interface AliasSpec {
  handle?: string;
  isActive?: boolean;
  isTrashed?: boolean;
  isWhitelisted?: boolean;
  senders?: string[];
  sourceId?: number | null;
  lifespan?: number | null;
}

/** An alias on the shared domain with its key, as POST /alias makes it. */
export async function makeAlias(
  services: Services,
  accountId: number,
  spec: AliasSpec = {},
): Promise<AliasRow & { address: string }> {
  const { db } = services.database;
  const accountKey = await services.keys.accountKey(db, accountId);
  const key = await services.keys.create(db, accountKey);
  const alias = await insertAlias(db, {
    accountId,
    domainId: 1,
    handle: spec.handle ?? `a${rand()}`,
    keyId: key.id,
    lifespan: spec.lifespan ?? null,
  });
  const row = await updateAliasFields(db, alias.id, {
    isActive: spec.isActive ?? true,
    isTrashed: spec.isTrashed ?? false,
    isWhitelisted: spec.isWhitelisted ?? false,
    sourceId: spec.sourceId ?? null,
  });
  if (spec.senders?.length) await replaceAliasSenders(db, alias.id, spec.senders);
  return { ...row!, address: `${alias.handle}@${MAIL_DOMAIN}` };
}

/**
 * A raw SMTP client for exact control over bytes on the wire (smuggling, pipelining, timeouts).
 * Replies are collected as they arrive; `reply()` takes the next complete one.
 */
export class RawSmtp {
  private buf = '';
  private replies: string[] = [];
  private waiters: Array<(r: string) => void> = [];
  closed = false;
  private closeWaiters: Array<() => void> = [];

  private constructor(private socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      this.buf += d;
      // A reply ends with a line "NNN text" (a space, not a hyphen, after the code).
      for (let m = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(this.buf); m; m = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(this.buf)) {
        const end = m.index + m[0].length;
        const reply = this.buf.slice(0, end).trim();
        this.buf = this.buf.slice(end);
        const w = this.waiters.shift();
        if (w) w(reply);
        else this.replies.push(reply);
      }
    });
    socket.on('close', () => {
      this.closed = true;
      this.closeWaiters.splice(0).forEach((r) => r());
      this.waiters.splice(0).forEach((w) => w('(closed)'));
    });
    socket.on('error', () => undefined);
  }

  /**
   * `preface` is written before the greeting is read (a PROXY protocol header); `localAddress`
   * (another 127.x.y.z) lets a test speak from several client addresses; `host` is the mx's
   * address (`::1` for IPv6).
   */
  static async open(
    port: number,
    opts: { preface?: string; localAddress?: string; host?: string } = {},
  ): Promise<{ client: RawSmtp; greeting: string }> {
    const { preface, localAddress, host = '127.0.0.1' } = opts;
    const socket = connect({ port, host, localAddress });
    const client = new RawSmtp(socket);
    if (preface) client.write(preface);
    const greeting = await client.reply();
    return { client, greeting };
  }

  reply(timeoutMs = 10_000): Promise<string> {
    const ready = this.replies.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    if (this.closed) return Promise.resolve('(closed)');
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('no SMTP reply in time')), timeoutMs);
      this.waiters.push((r) => {
        clearTimeout(t);
        resolve(r);
      });
    });
  }

  write(data: string | Buffer): void {
    this.socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
  }

  async cmd(line: string): Promise<string> {
    this.write(line + '\r\n');
    return this.reply();
  }

  /** EHLO, MAIL FROM and each RCPT; returns the RCPT replies. */
  async envelope(from: string, to: string[]): Promise<string[]> {
    await this.cmd('EHLO client.test');
    const mail = await this.cmd(`MAIL FROM:<${from}>`);
    if (!mail.startsWith('250')) throw new Error(`MAIL FROM refused: ${mail}`);
    const out: string[] = [];
    for (const t of to) out.push(await this.cmd(`RCPT TO:<${t}>`));
    return out;
  }

  waitClosed(timeoutMs = 10_000): Promise<boolean> {
    if (this.closed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), timeoutMs);
      this.closeWaiters.push(() => {
        clearTimeout(t);
        resolve(true);
      });
    });
  }

  end(): void {
    this.socket.destroy();
  }
}

/** A small RFC 5322 message with CRLF line endings. */
/** Writes `text` to the mx a character every `everyMs`, over and over, while `meanwhile` runs. */
export async function trickling<T>(client: RawSmtp, text: string, everyMs: number, meanwhile: () => Promise<T>): Promise<T> {
  let i = 0;
  const drip = setInterval(() => {
    if (!client.closed) client.write(text[i++ % text.length]!);
  }, everyMs);
  try {
    return await meanwhile();
  } finally {
    clearInterval(drip);
  }
}

export function simpleMessage(opts: { from?: string; to?: string; subject?: string; body?: string } = {}): string {
  return [
    `From: ${opts.from ?? 'Sender <sender@example.com>'}`,
    `To: ${opts.to ?? 'someone@alias.localhost'}`,
    `Subject: ${opts.subject ?? 'Hello'}`,
    `Message-ID: <${rand()}@example.com>`,
    'Date: Tue, 03 Mar 2026 10:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    opts.body ?? 'Hello there.',
    '',
  ].join('\r\n');
}

export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  ms = 15_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A logger at `level` whose JSON lines a test reads back (`lines`, parsed; `text`, as written). */
export function captureLog(level = 'info') {
  const chunks: string[] = [];
  const log = createLogger(level, 'test', { write: (s: string) => void chunks.push(s) });
  return {
    log,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
