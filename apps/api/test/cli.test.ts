/**
 * The operator CLI (`pnpm cli`), run as its own process on a database of its own: a fresh
 * Postgres database when DATABASE_URL is set, else PGlite in a temp DATA_DIR with the key file
 * the embedded default generates (PGlite allows one process at a time, so the test's own
 * connection is closed while the CLI runs).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accounts,
  findDomainByName,
  findKey,
  insertAccount,
  insertApiToken,
  insertResetRequest,
  insertSession,
  invitations,
  listAccountPasskeys,
  listApiTokens,
  passkeys,
  resetRequests,
  type Db,
} from '@app/db';
import type { ScratchDatabase } from '@app/db/testing';
import {
  createServices,
  eventChannelPrefix,
  loadConfig,
  masterKeyFrom,
  open,
  RedisEventBus,
  rotateMasterKey,
  seal,
  unwrapKey,
  type Services,
} from '@app/runtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/commands';
import { hashCode } from '../src/routes/sign-in/codes';
import { seedDatabase } from '../src/routes/init/first-run';
import { verifyPassword } from '../src/routes/sign-in/passwords';
import { ROOT, scratchDatabase, startDnsStandIn } from '@app/testing';

const postgres = !!process.env.DATABASE_URL;
let env: Record<string, string>;
let database: ScratchDatabase | undefined;

beforeAll(async () => {
  env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'cli-test-')),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://alias.example.test',
    ADMIN_PASSWORD: 'admin-password-1',
  };
  if (postgres) {
    database = await scratchDatabase('cli');
    Object.assign(env, { DATABASE_URL: database.url, MASTER_KEY: randomBytes(32).toString('base64') });
  }
  await withServices(() => Promise.resolve());
});
afterAll(async () => {
  await database?.drop();
});

/** Opens the CLI's database as the processes would (seeded), runs fn, closes it again. */
async function withServices<T>(fn: (s: Services, db: Db) => Promise<T>, overrides: Record<string, string> = {}): Promise<T> {
  const services = await createServices(loadConfig({ ...env, ...overrides }), {
    queuePrefix: `cli-${randomBytes(4).toString('hex')}`,
  });
  try {
    await seedDatabase(services);
    return await fn(services, services.database.db);
  } finally {
    await services.close();
  }
}

function cli(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli.ts', ...args],
      { cwd: ROOT, env: { ...env, ...extra } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout.trim(), err: stderr.trim() });
      },
    );
  });
}

const masterKey = () => env.MASTER_KEY ?? readFileSync(join(env.DATA_DIR!, 'master.key'), 'utf8').trim();

describe('pnpm cli', () => {
  it('prints help for the whole CLI and for each command; unknown commands and bad usage exit 64', async () => {
    // In-process (the same runCli the entry calls): a process per case would only cost time.
    const run = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l) }, env);
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const all = await run(['--help']);
    expect(all.code).toBe(0);
    for (const c of ['reset-password', 'invite', 'rotate-master-key', 'migrate', 'check-config']) {
      expect(all.out).toContain(c);
      const one = await run([c, '--help']);
      expect(one.code, c).toBe(0);
      expect(one.out, c).toMatch(new RegExp(`^usage: pnpm cli ${c}`));
    }
    expect(await run([])).toMatchObject({ code: 64 });
    expect(await run(['frobnicate'])).toMatchObject({ code: 64, err: expect.stringMatching(/unknown command "frobnicate"/) });
    expect(await run(['reset-password', 'a', 'b'])).toMatchObject({
      code: 64,
      err: expect.stringMatching(/usage: reset-password <username>/),
    });
    expect(await run(['invite', 'a@example.test', '--bogus'])).toMatchObject({
      code: 64,
      err: expect.stringMatching(/Unknown option '--bogus'/),
    });
    // The process itself exits with the code.
    expect((await cli(['frobnicate'])).code).toBe(64);
  });

  it('reset-password sets a new password, ends the sessions, tokens, recent passkeys and reset links (W18), and refuses an unknown username', async () => {
    const handle = `op_${randomBytes(4).toString('hex')}`;
    const passkey = (name: string, createdAt: Date) => ({
      credentialId: randomBytes(16).toString('base64url'),
      publicKey: randomBytes(32),
      counter: 0,
      transports: [],
      name,
      createdAt,
    });
    const id = await withServices(async (_s, db) => {
      const account = await insertAccount(db, {
        handle,
        name: 'Op',
        email: `${handle}@example.test`,
        passwordHash: 'old',
        approvedAt: new Date(),
        registeredAt: new Date(),
      });
      await insertSession(db, {
        tokenHash: randomBytes(32).toString('hex'),
        accountId: account.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      await insertApiToken(db, {
        accountId: account.id,
        label: 'script',
        scope: 'write',
        tokenHash: randomBytes(32).toString('hex'),
        expiresAt: null,
      });
      await db.insert(passkeys).values([
        { accountId: account.id, ...passkey('Owner key', new Date(Date.now() - 86_400_000)) },
        { accountId: account.id, ...passkey('Just added', new Date()) },
      ]);
      await insertResetRequest(db, {
        accountId: account.id,
        codeHash: randomBytes(32).toString('hex'),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return account.id;
    });
    // With Redis, the running processes hear that the sessions ended (W1).
    const redis = process.env.REDIS_URL;
    const prefix = `cli${randomBytes(4).toString('hex')}`;
    const bus = redis ? new RedisEventBus(redis, eventChannelPrefix(prefix)) : null;
    const heard = new Promise<unknown>((resolve) => bus?.subscribe(id, resolve));
    if (bus) await new Promise((r) => setTimeout(r, 200));
    const r = await cli(['reset-password', handle.toUpperCase()], redis ? { REDIS_URL: redis, REDIS_PREFIX: prefix } : {});
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^\S{20}$/);
    if (bus) {
      expect(await heard).toEqual({ type: 'session' });
      await bus.close();
    }
    await withServices(async (_s, db) => {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
      expect(await verifyPassword(row!.passwordHash, r.out)).toBe(true);
      const left = await db.query.sessions.findMany({ where: (s, { eq: is }) => is(s.accountId, id) });
      expect(left).toHaveLength(0);
      expect(await listApiTokens(db, id)).toHaveLength(0);
      expect((await listAccountPasskeys(db, id)).map((p) => p.name)).toEqual(['Owner key']);
      const open = await db.select().from(resetRequests).where(eq(resetRequests.accountId, id));
      expect(open.every((req) => req.usedAt !== null)).toBe(true);
    });

    const wrong = await cli(['reset-password', 'nobody_here_1234']);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toBe('reset-password: no account with the username "nobody_here_1234"');
    expect(wrong.out).toBe('');
  });

  it('invite prints a working redeem link; a bad or registered address is refused', async () => {
    const email = `friend_${randomBytes(4).toString('hex')}@example.test`;
    const r = await cli(['invite', email, '--name', 'A Friend']);
    expect(r.code, r.err).toBe(0);
    const match = /^https:\/\/alias\.example\.test\/auth\/redeem\/([A-Za-z0-9_-]{43})$/.exec(r.out);
    expect(match, r.out).not.toBeNull();
    await withServices(async (_s, db) => {
      const [row] = await db
        .select()
        .from(invitations)
        .where(eq(invitations.codeHash, hashCode(match![1]!)));
      expect(row).toMatchObject({ target: email, name: 'A Friend', inviterId: 1, claimedBy: null });
    });

    const bad = await cli(['invite', 'not-an-address']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^invite: "not-an-address": /);
    const taken = await withServices(async (_s, db) => (await db.select().from(accounts).where(eq(accounts.id, 1)))[0]!.email!);
    const dup = await cli(['invite', taken]);
    expect(dup.code).toBe(1);
    expect(dup.err).toBe('invite: An account already uses that e-mail address.');
  });

  it('rotate-master-key re-wraps the account keys: mail stays readable with the new key only', async () => {
    const old = masterKey();
    const sealed = await withServices(async (s, db) => {
      const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, 1));
      const accountKey = await s.keys.accountKey(db, account!.id);
      const aliasKey = await s.keys.create(db, accountKey);
      return { aliasKeyId: aliasKey.id, body: seal(aliasKey.key, 'hello after rotation') };
    });
    const r = await cli(['rotate-master-key']);
    expect(r.code, r.err).toBe(0);
    const next = r.out;
    expect(Buffer.from(next, 'base64')).toHaveLength(32);
    expect(next).not.toBe(old);
    expect(r.err).toMatch(/re-wrapped [1-9]\d* account keys/);
    if (!postgres) expect(masterKey()).toBe(next);
    else env.MASTER_KEY = next;
    expect(existsSync(join(env.DATA_DIR!, 'master.key.new'))).toBe(false);

    await withServices(async (s, db) => {
      // The new key opens the chain down to the message; the old one no longer opens the account key.
      const accountKey = await s.keys.accountKey(db, 1);
      const aliasKey = await s.keys.load(db, sealed.aliasKeyId, accountKey);
      expect(open(aliasKey, sealed.body).toString()).toBe('hello after rotation');
      const [row] = await db.select({ keyId: accounts.keyId }).from(accounts).where(eq(accounts.id, 1));
      const wrapped = (await findKey(db, row!.keyId!))!.wrapped;
      expect(() => unwrapKey(masterKeyFrom(old), wrapped)).toThrow();
    });
  });

  it('rotate-master-key with a wrong current key or a bad new key changes nothing', async () => {
    const before = await withServices(
      async (_s, db) => (await db.select({ keyId: accounts.keyId }).from(accounts).where(eq(accounts.id, 1)))[0]!.keyId!,
    );
    const wrappedBefore = await withServices(async (_s, db) => (await findKey(db, before))!.wrapped);
    const wrongKey = randomBytes(32).toString('base64');
    // An explicit MASTER_KEY also overrides the embedded key file.
    const wrong = await cli(['rotate-master-key'], { MASTER_KEY: wrongKey });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toBe(
      'rotate-master-key: the current master key (MASTER_KEY) is not the key this database was written with; nothing was changed',
    );
    expect(wrong.out).toBe('');
    const badNew = await cli(['rotate-master-key', '--new-key', 'c2hvcnQ=']);
    expect(badNew.code).toBe(1);
    expect(badNew.err).toBe('rotate-master-key: --new-key must be base64 of 32 bytes (openssl rand -base64 32)');
    const after = await withServices(async (_s, db) => (await findKey(db, before))!.wrapped);
    expect(after.equals(wrappedBefore)).toBe(true);
  });

  it('rotate-master-key stopped before its commit: running it again finishes the rotation to the same new key', async () => {
    const next = randomBytes(32).toString('base64');
    // What a kill before the commit leaves: the new key beside the key file (or printed, with MASTER_KEY).
    if (!postgres) writeFileSync(join(env.DATA_DIR!, 'master.key.new'), next + '\n', { mode: 0o600 });
    const r = await cli(['rotate-master-key', ...(postgres ? ['--new-key', next] : [])]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe(next);
    expect(r.err).toMatch(/re-wrapped [1-9]\d* account keys/);
    if (postgres) env.MASTER_KEY = next;
    expect(masterKey()).toBe(next);
    expect(existsSync(join(env.DATA_DIR!, 'master.key.new'))).toBe(false);
    expect((await cli(['migrate'])).code).toBe(0);
  });

  it('rotate-master-key stopped after its commit: processes say how to finish, running it again finishes without SQL', async () => {
    const old = masterKey();
    const next = randomBytes(32).toString('base64');
    const sealed = await withServices(async (s, db) => {
      const aliasKey = await s.keys.create(db, await s.keys.accountKey(db, 1));
      // What a kill between the commit and the key file's replacement leaves.
      if (!postgres) writeFileSync(join(env.DATA_DIR!, 'master.key.new'), next + '\n', { mode: 0o600 });
      await rotateMasterKey(db, masterKeyFrom(old), masterKeyFrom(next));
      return { aliasKeyId: aliasKey.id, body: seal(aliasKey.key, 'kept across the interruption') };
    });
    const refused = await cli(['migrate']);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      postgres
        ? 'migrate: MASTER_KEY is not the key this database was written with: set MASTER_KEY to that key (a key is changed only with `cli rotate-master-key`); nothing was changed'
        : `migrate: a master key rotation stopped half-way (the database uses the key in ${join(env.DATA_DIR!, 'master.key.new')}): run \`cli rotate-master-key\` again to finish it; nothing was changed`,
    );
    const r = await cli(['rotate-master-key', ...(postgres ? ['--new-key', next] : [])]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe(next);
    expect(r.err).toMatch(/^the database already uses the new key: the rotation was finished/);
    if (postgres) env.MASTER_KEY = next;
    expect(masterKey()).toBe(next);
    await withServices(async (s, db) => {
      const aliasKey = await s.keys.load(db, sealed.aliasKeyId, await s.keys.accountKey(db, 1));
      expect(open(aliasKey, sealed.body).toString()).toBe('kept across the interruption');
    });
  });

  it('migrate says what it applied: every migration on a new database, nothing the second time', async () => {
    const r = await cli(['migrate']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^database is up to date \((Postgres|PGlite in .*); nothing to apply\)$/);

    const journal = JSON.parse(readFileSync(join(ROOT, 'packages/db/drizzle/meta/_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const fresh = postgres ? await scratchDatabase('climigrate') : undefined;
    const own: Record<string, string> = fresh
      ? { DATABASE_URL: fresh.url }
      : { DATA_DIR: mkdtempSync(join(tmpdir(), 'cli-migrate-')) };
    try {
      const first = await cli(['migrate'], own);
      expect(first.code, first.err).toBe(0);
      expect(first.out.split('\n')).toEqual([
        ...journal.entries.map((e) => `applied ${e.tag}`),
        expect.stringMatching(new RegExp(`; ${journal.entries.length} applied now\\)$`)),
      ]);
      const again = await cli(['migrate'], own);
      expect(again.out).toMatch(/nothing to apply\)$/);
    } finally {
      await fresh?.drop();
    }
  });

  it('--version prints the release of the root package.json and the commit', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const r = await cli(['--version']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(new RegExp(`^alias-mail ${version.replace(/\./g, '\\.')} \\(commit ([0-9a-f]{7,}|unknown)\\)$`));
  });

  it('check-config passes a good configuration and names what is wrong', async () => {
    const good = await cli(['check-config'], process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
    expect(good.code, good.err).toBe(0);
    expect(good.out).toMatch(/configuration OK$/);

    const badVar = await cli(['check-config'], { MAIL_DOMAIN: 'not a domain' });
    expect(badVar.code).toBe(2);
    expect(badVar.err).toMatch(/MAIL_DOMAIN: must be a domain name/);

    const noTls = await cli(['check-config'], { SMTP_TLS_KEY: '/nonexistent/key.pem', SMTP_TLS_CERT: '/nonexistent/cert.pem' });
    expect(noTls.code).toBe(1);
    expect(noTls.err).toMatch(/SMTP_TLS_KEY \/ SMTP_TLS_CERT: .*no such file/i);

    const noRedis = await cli(['check-config'], { REDIS_URL: 'redis://127.0.0.1:1' });
    expect(noRedis.code).toBe(1);
    expect(noRedis.err).toMatch(/REDIS_URL: Redis does not answer/);
  });

  it("dns-check prints the shared domain's records, explains what is missing, and passes once they are in effect", async () => {
    const dns = await startDnsStandIn();
    const run = async () => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(
        ['dns-check'],
        { out: (l) => out.push(l), err: (l) => err.push(l) },
        {
          ...env,
          DNS_SERVERS: dns.server,
          MX_HOSTNAME: 'mx.alias.localhost',
        },
      );
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    try {
      const before = await run();
      expect(before.code).toBe(1);
      expect(before.err).toBe('dns-check: 4 of 4 records are not in effect');
      expect(before.out).toMatch(/^MISSING MX {4}alias\.localhost {25}10 mx\.alias\.localhost$/m);
      expect(before.out).toContain('No MX record is published for alias.localhost.');
      expect(before.out).toContain('No DMARC record (v=DMARC1) is published at _dmarc.alias.localhost.');

      // Published as docs/operations.md shows them: the mx's name with an address, SPF by `mx`, DMARC with rua=.
      const key = await withServices(async (_s, db) => (await findDomainByName(db, 'alias.localhost'))!);
      dns.mx.set('alias.localhost', [{ priority: 10, exchange: 'mx.alias.localhost' }]);
      dns.a.set('mx.alias.localhost', ['192.0.2.25']);
      dns.txt.set('alias.localhost', ['v=spf1 mx -all']);
      dns.txt.set(`${key.dkimSelector}._domainkey.alias.localhost`, [`v=DKIM1; k=rsa; p=${key.dkimPublicKey}`]);
      dns.txt.set('_dmarc.alias.localhost', ['v=DMARC1; p=quarantine; rua=mailto:postmaster@alias.localhost']);
      const after = await run();
      expect(after.code, after.out + after.err).toBe(0);
      expect(after.out).toMatch(/all 4 records are in effect$/);
      expect(after.out).not.toContain('MISSING');
    } finally {
      await dns.close();
    }
  });
});
