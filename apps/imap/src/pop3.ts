import type { SecureContext } from 'node:tls';
import type { MailFolder, MailMessage } from '@app/db';
import type { Services } from '@app/runtime';
import { signIn, stillSignedIn, type MailUser } from './auth';
import type { Connection } from './connection';
import { MailStore } from './store';

/** Longest command line a POP3 client may send (RFC 2449: 255 octets). */
const MAX_LINE = 255;
const PLAIN_REFUSED = '-ERR Sign-in needs TLS here: use STLS or port 995 first';

/** What the session holds while signed in: the messages listed at sign-in, and those marked for deletion. */
interface Drop {
  store: MailStore;
  user: MailUser;
  messages: MailMessage[];
  deleted: Set<number>;
}

/**
 * One POP3 session (RFC 1939, RFC 2449 CAPA, RFC 2595 STLS, docs/mail-clients.md): the account's
 * inbox, or `username+handle`'s one alias. DELE + QUIT move the messages to the product's trash.
 */
export async function pop3Session(
  services: Services,
  conn: Connection,
  tls: SecureContext | null,
  places: { account(accountId: number): boolean },
): Promise<void> {
  conn.write('+OK POP3 ready\r\n');
  let userName: string | null = null;
  let drop: Drop | null = null;
  const ok = (text = '') => conn.write(`+OK ${text}\r\n`);
  const err = (text: string) => conn.write(`-ERR ${text}\r\n`);
  for (;;) {
    const line = await conn.readLine(MAX_LINE);
    if (line === null) return;
    const [verb = '', ...args] = line.toString('latin1').split(' ');
    const command = verb.toUpperCase();
    if (drop && !(await stillSignedIn(services, drop.user))) {
      err('This app password was revoked');
      return conn.end();
    }
    if (command === 'QUIT') {
      if (drop?.deleted.size) await drop.store.trash(drop.messages.filter((m) => drop!.deleted.has(m.id)));
      ok('Bye');
      return conn.end();
    }
    if (command === 'CAPA') {
      const caps = ['USER', 'UIDL', 'TOP', 'PIPELINING', 'RESP-CODES', 'IMPLEMENTATION alias-mail'];
      if (tls && !conn.secure && !drop) caps.push('STLS');
      conn.write(`+OK Capabilities follow\r\n${caps.join('\r\n')}\r\n.\r\n`);
    } else if (command === 'NOOP') ok();
    else if (!drop) {
      if (command === 'STLS' && tls && !conn.secure) {
        ok('Begin TLS');
        await conn.startTls(tls);
      } else if (command === 'USER') {
        if (!conn.secure && !conn.loopback) err(PLAIN_REFUSED.slice(5));
        else {
          userName = args.join(' ');
          ok();
        }
      } else if (command === 'PASS' && userName !== null) {
        drop = await open(services, conn, userName, args.join(' '), places);
        if (drop) ok(`${drop.messages.length} messages`);
        else return conn.end();
      } else err('Unknown command, or not signed in');
    } else await transaction(conn, drop, command, args);
  }
}

/** Signs in and lists the mail; on a refusal answers it and returns null. */
async function open(
  services: Services,
  conn: Connection,
  name: string,
  password: string,
  places: { account(accountId: number): boolean },
): Promise<Drop | null> {
  const user = await signIn(services, name, password, conn.client);
  if ('refused' in user) {
    conn.write(`-ERR [AUTH] ${user.refused}\r\n`);
    return null;
  }
  if (!places.account(user.accountId)) {
    conn.write('-ERR [IN-USE] Too many connections for this account\r\n');
    return null;
  }
  const store = await MailStore.open(services, user.accountId, 'POP3', conn.client);
  const folder: MailFolder | null = user.aliasHandle ? store.aliasInbox(user.aliasHandle) : store.folders()[0]!.folder;
  if (!folder) {
    conn.write('-ERR [AUTH] No such active alias on this account\r\n');
    return null;
  }
  const ids = await store.ids(folder);
  const messages: MailMessage[] = [];
  for (let i = 0; i < ids.length; i += 1000) messages.push(...(await store.messages(folder, ids.slice(i, i + 1000))));
  return { store, user, messages, deleted: new Set() };
}

/** A message by its 1-based number, unless it is marked deleted. */
function pick(drop: Drop, arg: string | undefined): MailMessage | null {
  const m = drop.messages[Number(arg) - 1];
  return m && /^\d+$/.test(arg ?? '') && !drop.deleted.has(m.id) ? m : null;
}

/** The TRANSACTION state's commands (RFC 1939 §5). */
async function transaction(conn: Connection, drop: Drop, command: string, args: string[]): Promise<void> {
  const live = drop.messages.map((m, i) => ({ m, n: i + 1 })).filter(({ m }) => !drop.deleted.has(m.id));
  const listing = (each: (m: MailMessage) => string) => {
    if (args[0] === undefined) return conn.write(`+OK\r\n${live.map(({ m, n }) => `${n} ${each(m)}\r\n`).join('')}.\r\n`);
    const m = pick(drop, args[0]);
    conn.write(m ? `+OK ${args[0]} ${each(m)}\r\n` : '-ERR No such message\r\n');
  };
  if (command === 'STAT') return conn.write(`+OK ${live.length} ${live.reduce((s, { m }) => s + m.size, 0)}\r\n`);
  if (command === 'LIST') return listing((m) => String(m.size));
  if (command === 'UIDL') return listing((m) => String(m.id));
  if (command === 'RSET') {
    drop.deleted.clear();
    return conn.write('+OK\r\n');
  }
  const m = pick(drop, args[0]);
  if (!m)
    return conn.write(
      command === 'DELE' || command === 'RETR' || command === 'TOP' ? '-ERR No such message\r\n' : '-ERR Unknown command\r\n',
    );
  if (command === 'DELE') {
    drop.deleted.add(m.id);
    return conn.write('+OK Marked for the trash\r\n');
  }
  if (command !== 'RETR' && command !== 'TOP') return conn.write('-ERR Unknown command\r\n');
  const raw = await drop.store.raw(m);
  if (!raw) return conn.write('-ERR The message is gone\r\n');
  const lines = command === 'TOP' && /^\d+$/.test(args[1] ?? '') ? top(raw, Number(args[1])) : raw;
  conn.write(`+OK ${m.size} octets\r\n`);
  conn.write(dotStuffed(lines));
  conn.write('.\r\n');
  if (command === 'RETR') await drop.store.mark([m], true);
}

/** The header and the first `n` lines of the body (RFC 1939 TOP). */
function top(raw: Buffer, n: number): Buffer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return raw;
  const body = raw.subarray(end + 4);
  let cut = 0;
  for (let i = 0; i < n && cut < body.length; i++) {
    const next = body.indexOf('\n', cut);
    cut = next < 0 ? body.length : next + 1;
  }
  return Buffer.concat([raw.subarray(0, end + 4), body.subarray(0, cut)]);
}

/** The bytes as a multi-line answer: a leading "." doubled on each line, ending in CRLF. */
function dotStuffed(bytes: Buffer): Buffer {
  const text = bytes.toString('latin1').replace(/(^|\n)\./g, '$1..');
  return Buffer.from(text.endsWith('\r\n') || text === '' ? text : `${text}\r\n`, 'latin1');
}
