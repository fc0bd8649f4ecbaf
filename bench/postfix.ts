/**
 * Postfix as a durable peer of the ingest bench (docs/performance.md §1): a private instance, not the
 * system's, with its own configuration, queue and data directories in a temporary directory, smtpd on a
 * spare loopback port, and every recipient of the bench's domain delivered by virtual(8) into one
 * Maildir. Postfix's default fsync behaviour is kept: the queue file is fsynced before the `250` and the
 * Maildir file before it is moved into `new/`, so a stored message is as durable as ours in Postgres.
 *
 * Needs Debian's postfix, without the system's configuration:
 *   echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
 *   DEBIAN_FRONTEND=noninteractive apt-get install -y postfix
 * and root (its master starts as root and runs its daemons as the `postfix` user).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Phase } from './ingest-report';
import { child, cpuMeter, freePort, sleep, untilCount, waitPort } from './processes';
import { load, messageFactory } from './smtp-client';

export const POSTFIX_INSTALL =
  'echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections && DEBIAN_FRONTEND=noninteractive apt-get install -y postfix';

export interface PostfixPeer {
  port: number;
  proc: ReturnType<typeof child>;
  /** The Maildir's `new/`: one file per stored message. */
  newDir: string;
  stop: () => Promise<void>;
}

/** Why the Postfix peer cannot run here, in one line, or null when it can. */
export function postfixSkipped(): string | null {
  if (spawnSync('postconf', ['-d', 'mail_version']).status !== 0)
    return `Postfix skipped: not installed; install it with: ${POSTFIX_INSTALL}`;
  if (process.getuid?.() !== 0) return 'Postfix skipped: its master starts only as root';
  return null;
}

const idOf = (flag: '-u' | '-g', user: string) => Number(spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout.trim());

function mainCf(dir: string, domain: string): string {
  return `compatibility_level = 3.6
queue_directory = ${dir}/queue
data_directory = ${dir}/data
maillog_file_prefixes = ${dir}
maillog_file = ${dir}/maillog
myhostname = postfix.${domain}
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_client_event_limit_exceptions = 127.0.0.0/8
# No local delivery, no relaying: the bench's domain is the only one, delivered by virtual(8).
mydestination =
local_transport = error:no local delivery
alias_maps =
alias_database =
local_recipient_maps =
relay_domains =
virtual_mailbox_domains = ${domain}
virtual_mailbox_base = ${dir}/mail
# The trailing slash makes it a Maildir; a static map gives every recipient of the domain the same one.
virtual_mailbox_maps = static:bench/
virtual_uid_maps = static:${idOf('-u', 'nobody')}
virtual_gid_maps = static:${idOf('-g', 'nobody')}
virtual_transport = virtual
# No DNS: clients are not looked up and no restriction looks anything up.
smtpd_peername_lookup = no
smtp_dns_support_level = disabled
biff = no
default_process_limit = 200
`;
}

/** Only the services the path from smtpd to virtual(8) needs, none chrooted (the queue directory holds no copy of /etc). */
function masterCf(port: number): string {
  return [
    `127.0.0.1:${port} inet n - n - - smtpd`,
    'cleanup unix n - n - 0 cleanup',
    'qmgr unix n - n 300 1 qmgr',
    'rewrite unix - - n - - trivial-rewrite',
    'bounce unix - - n - 0 bounce',
    'defer unix - - n - 0 bounce',
    'trace unix - - n - 0 bounce',
    'verify unix - - n - 1 verify',
    'flush unix n - n 1000? 0 flush',
    'proxymap unix - - n - - proxymap',
    'showq unix n - n - - showq',
    'error unix - - n - - error',
    'retry unix - - n - - error',
    'discard unix - - n - - discard',
    'virtual unix - n n - - virtual',
    'anvil unix - - n - 1 anvil',
    'scache unix - - n - 1 scache',
    'postlog unix-dgram n - n - 1 postlogd',
    '',
  ].join('\n');
}

/** Writes the instance's configuration, checks it (`postfix check` also fills the queue), and starts its master as a child. */
export async function startPostfix(domain: string): Promise<PostfixPeer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-postfix-'));
  chmodSync(dir, 0o755); // the daemons run as the postfix user and must reach the queue
  const etc = join(dir, 'etc');
  for (const d of ['etc', 'queue', 'mail']) mkdirSync(join(dir, d));
  chownSync(join(dir, 'mail'), idOf('-u', 'nobody'), idOf('-g', 'nobody'));
  const port = await freePort();
  writeFileSync(join(etc, 'main.cf'), mainCf(dir, domain));
  writeFileSync(join(etc, 'master.cf'), masterCf(port));
  // Postfix writes its errors to its log, not to a terminal it does not have.
  const log = () => (existsSync(join(dir, 'maillog')) ? readFileSync(join(dir, 'maillog'), 'utf8').slice(-2000) : '');
  if (spawnSync('postfix', ['-c', etc, 'check']).status !== 0) {
    const tail = log();
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`postfix check failed:\n${tail}`);
  }
  const proc = child('postfix', ['-c', etc, 'start-fg'], {}, 'postfix');
  // The master runs under postfix-script: its own stop command, not a signal to the script, stops every daemon.
  const stop = async () => {
    proc.removeAllListeners('exit'); // the script exits with 143 once its master stops: not a failure to report
    spawnSync('postfix', ['-c', etc, 'stop']);
    if (proc.exitCode === null && proc.signalCode === null)
      await Promise.race([new Promise((r) => proc.once('exit', r)), sleep(10_000)]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitPort(port);
  } catch (err) {
    const tail = log();
    await stop();
    throw new Error(`${(err as Error).message}; Postfix's log:\n${tail}`);
  }
  return { port, proc, newDir: join(dir, 'mail', 'bench', 'new'), stop };
}

const delivered = (peer: PostfixPeer) => (existsSync(peer.newDir) ? readdirSync(peer.newDir).length : 0);

/** Every message of the phase in Maildir/new, matched to its index by its Subject, exactly once. */
function checkMaildir(peer: PostfixPeer, runId: string, n: number): string {
  const files = readdirSync(peer.newDir);
  const seen = new Set<number>();
  const subject = new RegExp(`^Subject: bench ${runId} (\\d+)\\r?$`, 'm');
  for (const f of files) {
    const m = subject.exec(readFileSync(join(peer.newDir, f), 'latin1'));
    if (m) seen.add(Number(m[1]));
  }
  return files.length === n && seen.size === n
    ? `all ${n} in Maildir/new, once each`
    : `MISMATCH files=${files.length} unique=${seen.size}`;
}

/** One phase against Postfix: end to end is the `250` of the first message to the last file in Maildir/new. */
export async function runPostfix(
  peer: PostfixPeer,
  to: string,
  mode: string,
  n: number,
  connections: number,
  reuse: boolean,
): Promise<Phase> {
  if (existsSync(peer.newDir)) for (const f of readdirSync(peer.newDir)) rmSync(join(peer.newDir, f));
  const runId = randomBytes(3).toString('hex');
  // Every process of the instance: the master, the daemons it runs and the ones it has reaped.
  const cpu = await cpuMeter({ postfix: { tree: peer.proc } });
  const started = performance.now();
  const r = await load({ port: peer.port, n, connections, reuse, to, message: messageFactory(runId, to) });
  const e2eMs = (await untilCount(() => delivered(peer), r.accepted, started)) - started;
  const cpuPerMsg = await cpu(r.accepted);
  const checked = checkMaildir(peer, runId, r.accepted);
  return { target: 'postfix', mode, n, acceptMs: r.ms, e2eMs, refused: r.refused, checked, cpuPerMsg };
}
