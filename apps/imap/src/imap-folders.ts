import { str } from './imap-format';
import { Selected } from './imap-mailbox';
import type { Command } from './imap-parser';
import type { ImapContext } from './imap-context';
import type { NamedFolder } from './store';

const SPECIAL: Record<string, string> = { Trash: ' \\Trash', Spam: ' \\Junk' };
const READ_ONLY_TEXT = '[CANNOT] Folders here are the product’s own: they cannot be created, renamed, deleted or appended to';

/** A LIST pattern (`*` any, `%` any but the separator) as a test on names; INBOX in any case. */
function matcher(reference: string, pattern: string): (name: string) => boolean {
  const full = reference + pattern;
  const escaped = full
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/%/g, '[^/]*');
  const re = new RegExp(`^${escaped}$`);
  return (name) => re.test(name) || (name === 'INBOX' && re.test('inbox') && /^inbox$/i.test(full));
}

function folderNamed(ctx: ImapContext, name: string): NamedFolder | null {
  const wanted = /^inbox$/i.test(name) ? 'INBOX' : name;
  return ctx.store!.folders().find((f) => f.name === wanted) ?? null;
}

/** The commands on folders (RFC 3501 §6.3); false when the command is not one of them. */
export async function folderCommands(ctx: ImapContext, cmd: Command): Promise<boolean> {
  const { tag, name, args } = cmd;
  const arg = (i: number) => (typeof args[i] === 'string' ? (args[i] as string) : '');
  switch (name) {
    case 'NAMESPACE':
      ctx.untagged('NAMESPACE (("" "/")) NIL NIL');
      break;
    case 'ENABLE':
      ctx.untagged('ENABLED');
      break;
    case 'LIST':
    case 'LSUB':
      list(ctx, name, arg(0), arg(1));
      break;
    case 'STATUS':
      return status(ctx, cmd);
    case 'SELECT':
    case 'EXAMINE':
      return select(ctx, cmd);
    case 'SUBSCRIBE':
    case 'UNSUBSCRIBE':
      break;
    case 'CREATE':
    case 'DELETE':
    case 'RENAME':
    case 'APPEND':
      ctx.reply(tag, 'NO', READ_ONLY_TEXT);
      return true;
    default:
      return false;
  }
  ctx.reply(tag, 'OK', `${name} done`);
  return true;
}

function list(ctx: ImapContext, name: string, reference: string, pattern: string): void {
  if (pattern === '') return ctx.untagged(`${name} (\\Noselect) "/" ""`);
  const test = matcher(reference, pattern);
  const folders = ctx.store!.folders();
  const hasAliases = folders.some((f) => f.name.startsWith('Aliases/'));
  if (hasAliases && test('Aliases')) ctx.untagged(`${name} (\\Noselect \\HasChildren) "/" "Aliases"`);
  for (const f of folders) if (test(f.name)) ctx.untagged(`${name} (\\HasNoChildren${SPECIAL[f.name] ?? ''}) "/" ${str(f.name)}`);
}

async function status(ctx: ImapContext, { tag, args }: Command): Promise<boolean> {
  const folder = folderNamed(ctx, String(args[0]));
  if (!folder) {
    ctx.reply(tag, 'NO', '[NONEXISTENT] No such folder');
    return true;
  }
  const { total, unseen } = await ctx.store!.count(folder.folder);
  const last = await ctx.store!.lastId(folder.folder);
  const values: Record<string, number> = {
    MESSAGES: total,
    RECENT: 0,
    UNSEEN: unseen,
    UIDNEXT: last + 1,
    UIDVALIDITY: folder.uidValidity,
  };
  const wanted = Array.isArray(args[1]) ? args[1].map((a) => String(a).toUpperCase()) : [];
  ctx.untagged(
    `STATUS ${str(folder.name)} (${wanted
      .filter((w) => w in values)
      .map((w) => `${w} ${values[w]}`)
      .join(' ')})`,
  );
  ctx.reply(tag, 'OK', 'STATUS done');
  return true;
}

async function select(ctx: ImapContext, { tag, name, args }: Command): Promise<boolean> {
  ctx.selected = null;
  const folder = folderNamed(ctx, String(args[0]));
  if (!folder) {
    ctx.reply(tag, 'NO', '[NONEXISTENT] No such folder');
    return true;
  }
  const uids = await ctx.store!.ids(folder.folder);
  const selected = new Selected(folder, uids, name === 'EXAMINE');
  ctx.untagged('FLAGS (\\Seen \\Deleted)');
  ctx.untagged(`${uids.length} EXISTS`);
  ctx.untagged('0 RECENT');
  ctx.untagged(`OK [UIDVALIDITY ${folder.uidValidity}] UIDs valid`);
  ctx.untagged(`OK [UIDNEXT ${selected.uidNext}] Predicted next UID`);
  ctx.untagged(`OK [PERMANENTFLAGS (\\Seen \\Deleted)] Flags permitted`);
  ctx.selected = selected;
  ctx.reply(tag, 'OK', `[${selected.readOnly ? 'READ-ONLY' : 'READ-WRITE'}] ${name} done`);
  return true;
}
