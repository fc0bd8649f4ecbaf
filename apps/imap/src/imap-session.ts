import type { SecureContext } from 'node:tls';
import type { Services } from '@app/runtime';
import { signIn, stillSignedIn } from './auth';
import type { Connection } from './connection';
import { selectedCommands } from './imap-commands';
import type { ImapContext } from './imap-context';
import { folderCommands } from './imap-folders';
import { parseCommand, ParseError, trailingLiteral, type Command } from './imap-parser';
import { MailStore } from './store';

/** Longest line, and largest literal, a client may send: no command here carries a message (no APPEND). */
export const MAX_LINE = 16 * 1024;
export const MAX_LITERAL = 64 * 1024;

/** Reads one command with its literals; null when the client left or broke the limits. */
async function readCommand(conn: Connection): Promise<Buffer | null> {
  const pieces: Buffer[] = [];
  let total = 0;
  for (;;) {
    const line = await conn.readLine(MAX_LINE);
    if (line === null) return null;
    pieces.push(line);
    const literal = trailingLiteral(line);
    if (!literal) return Buffer.concat(pieces);
    total += literal.size;
    if (total > MAX_LITERAL) {
      conn.write(`* BYE Literal too large (at most ${MAX_LITERAL} bytes)\r\n`);
      return null;
    }
    if (!literal.plus) conn.write('+ Ready\r\n');
    const bytes = await conn.readBytes(literal.size);
    if (bytes === null) return null;
    pieces.push(Buffer.from('\r\n'), bytes);
  }
}

const CAPABILITIES = ['IMAP4rev1', 'LITERAL+', 'ID', 'IDLE', 'NAMESPACE', 'ENABLE', 'UIDPLUS', 'MOVE', 'UNSELECT', 'SPECIAL-USE'];

function capabilities(ctx: ImapContext, tls: SecureContext | null): string {
  const caps = [...CAPABILITIES];
  if (tls && !ctx.conn.secure && !ctx.user) caps.push('STARTTLS');
  if (!ctx.user) caps.push(ctx.conn.secure || ctx.conn.loopback ? 'AUTH=PLAIN' : 'LOGINDISABLED');
  return caps.join(' ');
}

/**
 * One IMAP session (RFC 3501, docs/mail-clients.md): not signed in, signed in, a folder selected.
 * Each command is read whole (literals included) and answered before the next is read.
 */
export async function imapSession(
  services: Services,
  conn: Connection,
  tls: SecureContext | null,
  places: { account(accountId: number): boolean },
): Promise<void> {
  const ctx: ImapContext = {
    services,
    conn,
    user: null,
    store: null,
    selected: null,
    reply: (tag, status, text) => conn.write(`${tag} ${status} ${text}\r\n`),
    untagged: (line) => {
      if (typeof line === 'string') return conn.write(`* ${line}\r\n`);
      conn.write('* ');
      for (const piece of line) conn.write(piece);
      conn.write('\r\n');
    },
  };
  conn.write(`* OK [CAPABILITY ${capabilities(ctx, tls)}] IMAP ready\r\n`);
  for (;;) {
    const bytes = await readCommand(conn);
    if (bytes === null) return conn.end();
    let command: Command;
    try {
      command = parseCommand(bytes);
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
      conn.write(`* BAD ${err.message}\r\n`);
      continue;
    }
    if (ctx.user && !(await stillSignedIn(services, ctx.user))) {
      conn.write('* BYE This app password was revoked\r\n');
      return conn.end();
    }
    if (!(await run(ctx, command, tls, places))) return conn.end();
  }
}

/** Runs one command; false when the session ends. */
async function run(
  ctx: ImapContext,
  cmd: Command,
  tls: SecureContext | null,
  places: { account(accountId: number): boolean },
): Promise<boolean> {
  const { tag, name } = cmd;
  switch (name) {
    case 'CAPABILITY':
      ctx.untagged(`CAPABILITY ${capabilities(ctx, tls)}`);
      ctx.reply(tag, 'OK', 'CAPABILITY done');
      return true;
    case 'NOOP':
      if (ctx.selected) await ctx.selected.refresh(ctx);
      ctx.reply(tag, 'OK', 'NOOP done');
      return true;
    case 'LOGOUT':
      ctx.untagged('BYE Logging out');
      ctx.reply(tag, 'OK', 'LOGOUT done');
      return false;
    case 'ID':
      ctx.untagged('ID ("name" "alias-mail")');
      ctx.reply(tag, 'OK', 'ID done');
      return true;
    case 'STARTTLS':
      if (!tls || ctx.conn.secure || ctx.user) ctx.reply(tag, 'BAD', 'STARTTLS is not available now');
      else {
        ctx.reply(tag, 'OK', 'Begin TLS now');
        await ctx.conn.startTls(tls);
      }
      return true;
    case 'LOGIN':
    case 'AUTHENTICATE':
      return authenticate(ctx, cmd, places);
  }
  if (!ctx.user) {
    ctx.reply(tag, 'BAD', 'Sign in first');
    return true;
  }
  if (await folderCommands(ctx, cmd)) return true;
  if (await selectedCommands(ctx, cmd)) return true;
  ctx.reply(tag, 'BAD', `${name} is not supported`);
  return true;
}

/** LOGIN and AUTHENTICATE PLAIN (RFC 4616), with an app password only; refused in clear off loopback. */
async function authenticate(ctx: ImapContext, cmd: Command, places: { account(accountId: number): boolean }): Promise<boolean> {
  const { tag, name, args } = cmd;
  if (ctx.user) {
    ctx.reply(tag, 'BAD', 'Already signed in');
    return true;
  }
  if (!ctx.conn.secure && !ctx.conn.loopback) {
    ctx.reply(tag, 'NO', '[PRIVACYREQUIRED] Sign-in needs TLS: use STARTTLS or port 993');
    return true;
  }
  let user: string | undefined;
  let password: string | undefined;
  if (name === 'LOGIN') [user, password] = args.map(String);
  else {
    if (String(args[0]).toUpperCase() !== 'PLAIN') {
      ctx.reply(tag, 'NO', '[CANNOT] Only AUTHENTICATE PLAIN is supported');
      return true;
    }
    let response = args[1] === undefined ? undefined : String(args[1]);
    if (response === undefined) {
      ctx.conn.write('+ \r\n');
      response = (await ctx.conn.readLine(MAX_LINE))?.toString('latin1');
    }
    if (response === undefined) return false;
    [, user, password] = Buffer.from(response, 'base64').toString('utf8').split('\0');
  }
  const signedIn = await signIn(ctx.services, user ?? '', password ?? '', ctx.conn.client);
  if ('refused' in signedIn) {
    ctx.reply(tag, 'NO', `[AUTHENTICATIONFAILED] ${signedIn.refused}`);
    return true;
  }
  if (!places.account(signedIn.accountId)) {
    ctx.reply(tag, 'NO', '[LIMIT] Too many connections for this account');
    return false;
  }
  ctx.user = signedIn;
  ctx.store = await MailStore.open(ctx.services, signedIn.accountId, 'IMAP', ctx.conn.client);
  ctx.reply(tag, 'OK', `[CAPABILITY ${CAPABILITIES.join(' ')}] Signed in`);
  return true;
}
