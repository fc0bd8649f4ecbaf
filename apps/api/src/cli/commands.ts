import { randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  DataDirBusyError,
  findAccountByHandle,
  findDomainByName,
  findKeyCheck,
  findRegisteredAccountByEmail,
  insertInvitation,
  openDatabase,
  probePostgres,
  updateAccount,
  type Database,
} from '@app/db';
import {
  BUILD_INFO,
  ConfigError,
  createLogger,
  DkimKeys,
  eventChannelPrefix,
  RedisEventBus,
  HealthCheck,
  KeyStore,
  loadConfig,
  loadMasterKey,
  masterKeyFile,
  masterKeyFrom,
  MasterKeyMismatchError,
  openMasterKey,
  provesKey,
  publicLink,
  rotateMasterKey,
  verifyMasterKey,
  type Config,
} from '@app/runtime';
import { ACCESS_MSG, ADMIN_ACCOUNT_ID, EmailSchema, INVITATION_TTL_DAYS } from '@app/shared';
import { newCode } from '../routes/sign-in/codes';
import { generatePassword } from '../routes/account/generate';
import { createResolver, expectationOf, recordsFor } from '../routes/domains/dns';
import { checkRecords } from '../routes/domains/dns-check';
import { hashPassword } from '../routes/sign-in/passwords';
import { endOldSecretReach } from '../routes/sign-in/old-secret';

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

/** A failure the operator can act on: printed as it is, exit code 1. */
class CliError extends Error {}
/** Wrong arguments: printed with the command's usage, exit code 64 (EX_USAGE). */
class UsageError extends CliError {}

interface Command {
  usage: string;
  about: string;
  options?: ParseArgsConfig['options'];
  run(ctx: { config: Config; args: string[]; values: Record<string, unknown>; io: Io }): Promise<void>;
}

const MIGRATIONS_NOTE = 'Opens the configured database (DATABASE_URL, else PGlite in DATA_DIR) and applies pending migrations.';

/**
 * Opens the database (applying migrations, as every process does at start) for one command, after
 * proving the master key against it as the processes do (docs/security.md AR5); the key rotation
 * proves its keys itself.
 */
async function withDatabase<T>(
  config: Config,
  fn: (database: Database) => Promise<T>,
  opts: { proveKey: boolean } = { proveKey: true },
): Promise<T> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    if (opts.proveKey) await openMasterKey(config, database.db, createLogger('silent'));
    return await fn(database);
  } finally {
    await database.close();
  }
}

/**
 * Tells the running processes that the account's sessions ended, so open live streams stop at once
 * (docs/security.md W1). Only Redis reaches them; the embedded mode has no other process to tell.
 */
async function publishSessionsEnded(config: Config, accountId: number): Promise<void> {
  if (!config.REDIS_URL) return;
  const events = new RedisEventBus(config.REDIS_URL, eventChannelPrefix(config.REDIS_PREFIX));
  try {
    await events.publish(accountId, { type: 'session' });
  } finally {
    await events.close();
  }
}

function onlyArg(args: string[], what: string): string {
  if (args.length !== 1 || !args[0]) throw new UsageError(`expected exactly one ${what}`);
  return args[0];
}

const COMMANDS: Record<string, Command> = {
  'reset-password': {
    usage: 'reset-password <username>',
    about:
      'Sets a new random password for the account, ends its sessions, API tokens, recently added passkeys and reset links, ' +
      'and prints the password.',
    async run({ config, args, io }) {
      const handle = onlyArg(args, 'username');
      const password = generatePassword();
      const accountId = await withDatabase(config, async ({ db }) => {
        const account = await findAccountByHandle(db, handle);
        if (!account) throw new CliError(`no account with the username "${handle}"`);
        const passwordHash = await hashPassword(password);
        // docs/security.md W1, W18: a new password ends everything the old one reached.
        await db.transaction(async (tx) => {
          await endOldSecretReach(tx, account.id, { reauthWindowMs: config.REAUTH_WINDOW_MS });
          await updateAccount(tx, account.id, { passwordHash });
        });
        return account.id;
      });
      await publishSessionsEnded(config, accountId);
      io.out(password);
    },
  },

  invite: {
    usage: 'invite <email> [--name NAME]',
    about: `Creates an invitation from the admin and prints its redeem link (valid ${INVITATION_TTL_DAYS} days). No mail is sent: pass the link on.`,
    options: { name: { type: 'string' } },
    async run({ config, args, values, io }) {
      const email = onlyArg(args, 'e-mail address').trim();
      const checked = EmailSchema.safeParse(email);
      if (!checked.success) throw new CliError(`"${email}": ${checked.error.issues[0]?.message ?? 'not an e-mail address'}`);
      const name = typeof values.name === 'string' && values.name.trim() ? values.name.trim() : email.split('@')[0]!;
      if (name.length > 255) throw new CliError('--name is longer than 255 characters');
      const { code, hash } = newCode();
      await withDatabase(config, async ({ db }) => {
        if (await findRegisteredAccountByEmail(db, email)) throw new CliError(ACCESS_MSG.emailInUse);
        await insertInvitation(db, {
          inviterId: ADMIN_ACCOUNT_ID,
          name,
          target: email,
          message: '',
          codeHash: hash,
          expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
        });
      });
      io.out(publicLink({ config }, `/auth/redeem/${code}`));
    },
  },

  'rotate-master-key': {
    usage: 'rotate-master-key [--new-key BASE64]',
    about:
      'Re-wraps every value the master key wraps under a new key (generated, or --new-key) in one transaction and prints it. ' +
      'Stop api, mx and worker first; start them again with MASTER_KEY set to the printed key. Without MASTER_KEY ' +
      'the key file (MASTER_KEY_FILE, or the one in DATA_DIR) is replaced. Run it again after an interruption: it finishes ' +
      'the same rotation (with MASTER_KEY, pass the printed key as --new-key).',
    options: { 'new-key': { type: 'string' } },
    async run({ config, args, values, io }) {
      if (args.length) throw new UsageError(`unexpected argument "${args[0]}"`);
      // The embedded key file is replaced only after the commit; the new key is written beside it
      // first, so a rotation stopped at any point is finished by running the command again.
      const file = config.MASTER_KEY ? null : masterKeyFile(config);
      const pending = file && existsSync(`${file}.new`) ? readFileSync(`${file}.new`, 'utf8').trim() : null;
      const given = typeof values['new-key'] === 'string' ? values['new-key'] : null;
      if (pending && given && given !== pending)
        throw new CliError(`a rotation to the key in ${file}.new is unfinished: run the command without --new-key to finish it`);
      const next = given ?? pending ?? randomBytes(32).toString('base64');
      if (Buffer.from(next, 'base64').length !== 32)
        throw new CliError('--new-key must be base64 of 32 bytes (openssl rand -base64 32)');
      const current = loadMasterKey(config, createLogger('silent'));
      if (current === next) throw new CliError('--new-key is the current master key');
      const done = await withDatabase(
        config,
        async ({ db }) => {
          const stored = await findKeyCheck(db);
          // Committed by an earlier run that stopped before replacing the key file or printing the key.
          const finished = stored !== null && provesKey(stored, masterKeyFrom(next));
          if (!finished)
            await verifyMasterKey(
              db,
              masterKeyFrom(current),
              `the current master key (${file ?? 'MASTER_KEY'}) is not the key this database was written with`,
            );
          if (file && !pending) writeFileSync(`${file}.new`, next + '\n', { mode: 0o600 });
          if (finished) return [];
          // With MASTER_KEY the new key exists nowhere else: it is printed before the commit, never lost.
          if (!file) io.out(next);
          return rotateMasterKey(db, masterKeyFrom(current), masterKeyFrom(next));
        },
        { proveKey: false },
      );
      if (file) renameSync(`${file}.new`, file);
      if (!done.length) io.err('the database already uses the new key: the rotation was finished');
      for (const d of done) io.err(`re-wrapped ${d.count} ${d.what}`);
      if (file) {
        io.err(`the new master key is in ${file}; back it up:`);
        io.out(next);
      } else {
        io.err('set MASTER_KEY to the key printed above everywhere, then start the processes');
        if (!done.length) io.out(next);
      }
    },
  },

  migrate: {
    usage: 'migrate',
    about: MIGRATIONS_NOTE,
    async run({ config, args, io }) {
      if (args.length) throw new UsageError(`unexpected argument "${args[0]}"`);
      const applied = await withDatabase(config, async (database) => database.applied);
      for (const tag of applied) io.out(`applied ${tag}`);
      io.out(
        `database is up to date (${config.DATABASE_URL ? 'Postgres' : `PGlite in ${config.DATA_DIR}`}; ` +
          `${applied.length ? `${applied.length} applied now` : 'nothing to apply'})`,
      );
    },
  },

  'dns-check': {
    usage: 'dns-check',
    about:
      'Looks up the DNS records of the shared domain (MAIL_DOMAIN) through DNS_SERVERS and prints, for each, whether it is ' +
      'in effect, and what is wrong when it is not; the same check as the admin DNS screen. Exit code 1 when one is missing.',
    async run({ config, args, io }) {
      if (args.length) throw new UsageError(`unexpected argument "${args[0]}"`);
      const log = createLogger('silent');
      const checked = await withDatabase(config, async (database) => {
        const shared = await findDomainByName(database.db, config.MAIL_DOMAIN);
        if (!shared)
          throw new CliError(`the shared domain ${config.MAIL_DOMAIN} is not in the database; start the api once first`);
        const dkim = new DkimKeys(new KeyStore(masterKeyFrom(loadMasterKey(config, log))), log);
        const records = await recordsFor({ config, dkim, database }, shared);
        return checkRecords(createResolver(config), records, expectationOf(config));
      });
      io.out(`${'status'.padEnd(8)}${'type'.padEnd(6)}${'name'.padEnd(40)}value`);
      for (const r of checked) {
        io.out(`${(r.published ? 'ok' : 'MISSING').padEnd(8)}${r.type.padEnd(6)}${r.name.padEnd(40)}${r.value}`);
        if (r.problem) io.out(`${''.padEnd(14)}${r.problem}`);
      }
      const missing = checked.filter((r) => !r.published).length;
      if (missing) throw new CliError(`${missing} of ${checked.length} records are not in effect`);
      io.out(`all ${checked.length} records are in effect`);
    },
  },

  'check-config': {
    usage: 'check-config',
    about: 'Checks every variable, the TLS files, and that Postgres and Redis answer (without migrating anything).',
    async run({ config, args, io }) {
      if (args.length) throw new UsageError(`unexpected argument "${args[0]}"`);
      const problems: string[] = [];
      io.out(`mail domain      ${config.MAIL_DOMAIN}`);
      io.out(`public URL       ${config.PUBLIC_URL}`);
      io.out(`database         ${config.DATABASE_URL ? 'Postgres' : `PGlite in ${config.DATA_DIR}`}`);
      io.out(`queue            ${config.REDIS_URL ? 'Redis' : 'in-process'}`);
      io.out(`outbound relay   ${config.SMTP_RELAY_URL ? 'configured' : 'none (mail kept in the outbox table)'}`);
      io.out(`billing          ${config.STRIPE_SECRET_KEY ? 'Stripe' : 'off'}`);
      if (config.SMTP_TLS_KEY && config.SMTP_TLS_CERT) {
        try {
          const cert = new X509Certificate(readFileSync(config.SMTP_TLS_CERT));
          readFileSync(config.SMTP_TLS_KEY);
          const expires = new Date(cert.validTo);
          io.out(`STARTTLS         ${cert.subject.replace(/\n/g, ', ')}, valid until ${expires.toISOString().slice(0, 10)}`);
          if (expires.getTime() < Date.now()) problems.push('SMTP_TLS_CERT: the certificate has expired');
        } catch (err) {
          problems.push(`SMTP_TLS_KEY / SMTP_TLS_CERT: ${(err as Error).message}`);
        }
      } else {
        io.out('STARTTLS         off (no SMTP_TLS_KEY / SMTP_TLS_CERT)');
      }
      const url = config.DATABASE_URL;
      const health = new HealthCheck(config, url ? () => probePostgres(url) : null);
      const { checks } = await health.check();
      await health.close();
      if (checks.database && checks.database !== 'ok') problems.push('DATABASE_URL: Postgres does not answer');
      if (checks.redis && checks.redis !== 'ok')
        problems.push(`REDIS_URL: ${checks.redis === 'unreachable' ? 'Redis does not answer' : checks.redis}`);
      if (problems.length) throw new CliError(`configuration problems:\n  ${problems.join('\n  ')}`);
      io.out('configuration OK');
    },
  },
};

function help(io: Io): void {
  io.out('Usage: pnpm cli <command> [options]   (inside the image: cli <command>)\n');
  for (const c of Object.values(COMMANDS)) io.out(`  ${c.usage.padEnd(40)} ${c.about}`);
  io.out('\nEach command reads the same environment variables as the processes. `<command> --help` for one;');
  io.out('`--version` prints the release and the commit.');
}

/** Runs one command; returns the process exit code (0 ok, 1 failed, 2 bad configuration, 64 bad usage). */
export async function runCli(argv: string[], io: Io, env: Record<string, string | undefined> = process.env): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-V') {
    io.out(`alias-mail ${BUILD_INFO.version} (commit ${BUILD_INFO.commit})`);
    return 0;
  }
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    help(io);
    return name ? 0 : 64;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`unknown command "${name}"; commands: ${Object.keys(COMMANDS).join(', ')}`);
    return 64;
  }
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    io.err(`${(err as Error).message}\nusage: ${command.usage}`);
    return 64;
  }
  if (parsed.values.help) {
    io.out(`usage: pnpm cli ${command.usage}\n\n${command.about}`);
    return 0;
  }
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return 2;
    }
    throw err;
  }
  try {
    await command.run({ config, args: parsed.positionals, values: parsed.values, io });
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`${name}: ${err.message}\nusage: ${command.usage}`);
      return 64;
    }
    if (err instanceof CliError || err instanceof DataDirBusyError) {
      io.err(`${name}: ${err.message}`);
      return 1;
    }
    if (err instanceof MasterKeyMismatchError) {
      io.err(`${name}: ${err.message}; nothing was changed`);
      return 1;
    }
    io.err(`${name} failed: ${(err as Error).message}`);
    return 1;
  }
}
