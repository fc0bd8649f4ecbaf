import type { MailMessage } from '@app/db';
import { fetchItems, fetchResponse, marksSeen, needsRaw } from './imap-fetch';
import type { Selected } from './imap-mailbox';
import { sequenceSet, type Arg, type Command } from './imap-parser';
import { imapSearch } from './imap-search';
import type { ImapContext } from './imap-context';

/** Messages are read from the database in chunks of this many. */
const CHUNK = 200;

/** The picked messages' rows, chunk by chunk, in sequence order. */
async function* rows(ctx: ImapContext, sel: Selected, setArg: Arg | undefined, byUid: boolean) {
  const test = sequenceSet(setArg, byUid ? sel.uidNext - 1 : sel.uids.length);
  if (!test) return;
  const picked = sel.pick(test, byUid);
  for (let i = 0; i < picked.length; i += CHUNK) {
    const chunk = picked.slice(i, i + CHUNK);
    const found = new Map(
      (
        await ctx.store!.messages(
          sel.named.folder,
          chunk.map((p) => p.uid),
        )
      ).map((m) => [m.id, m]),
    );
    for (const p of chunk) {
      const m = found.get(p.uid);
      if (m) yield { seq: p.seq, m };
    }
  }
}

/** The commands of the selected state (RFC 3501 §6.4, RFC 6851 MOVE, RFC 4315 UID EXPUNGE, RFC 2177 IDLE). */
export async function selectedCommands(ctx: ImapContext, cmd: Command): Promise<boolean> {
  const { tag, name } = cmd;
  if (name === 'IDLE') return idle(ctx, tag);
  const sel = ctx.selected;
  const known = ['FETCH', 'STORE', 'SEARCH', 'COPY', 'MOVE', 'EXPUNGE', 'CLOSE', 'UNSELECT', 'CHECK'];
  if (!known.includes(name.replace(/^UID /, ''))) return false;
  if (!sel) {
    ctx.reply(tag, 'BAD', 'Select a folder first');
    return true;
  }
  const byUid = name.startsWith('UID ');
  const verb = name.replace(/^UID /, '');
  const args = cmd.args;
  if (verb === 'FETCH') await fetch(ctx, sel, args, byUid, tag);
  else if (verb === 'STORE') await store(ctx, sel, args, byUid, tag);
  else if (verb === 'SEARCH') {
    const found = await imapSearch(ctx, sel, args, byUid);
    if (found === null) return (ctx.reply(tag, 'BAD', 'Search criteria not understood'), true);
    ctx.untagged(`SEARCH${found.map((n) => ` ${n}`).join('')}`);
  } else if (verb === 'COPY' || verb === 'MOVE') {
    if (!/^trash$/i.test(String(args[1]))) return (ctx.reply(tag, 'NO', '[CANNOT] Messages can only be moved to Trash'), true);
    if (sel.readOnly) return (ctx.reply(tag, 'NO', '[READ-ONLY] The folder was opened read-only'), true);
    const picked: MailMessage[] = [];
    for await (const { m } of rows(ctx, sel, args[0], byUid)) picked.push(m);
    await ctx.store!.trash(picked);
    // The message left this folder for Trash whether the client asked to copy or to move it.
    await sel.refresh(ctx);
  } else if (verb === 'EXPUNGE' || verb === 'CLOSE') {
    if (!sel.readOnly) await expunge(ctx, sel, byUid ? sequenceSet(args[0], sel.uidNext - 1) : null, verb === 'EXPUNGE');
    if (verb === 'CLOSE') ctx.selected = null;
  } else if (verb === 'UNSELECT') ctx.selected = null;
  ctx.reply(tag, 'OK', `${name} done`);
  return true;
}

async function fetch(ctx: ImapContext, sel: Selected, args: Arg[], byUid: boolean, tag: string): Promise<void> {
  const items = fetchItems(args[1], byUid);
  if (!items) return ctx.reply(tag, 'BAD', 'FETCH items not understood');
  const raw = needsRaw(items);
  const seen = marksSeen(items) && !sel.readOnly;
  for await (const { seq, m } of rows(ctx, sel, args[0], byUid)) {
    if (seen && !m.openedAt) {
      await ctx.store!.mark([m], true);
      m.openedAt = new Date();
      if (!items.some((i) => i.kind === 'FLAGS')) items.push({ kind: 'FLAGS' });
    }
    ctx.untagged([`${seq} FETCH `, ...fetchResponse(items, m, sel.flags(m), raw ? await ctx.store!.raw(m) : null)]);
  }
}

async function store(ctx: ImapContext, sel: Selected, args: Arg[], byUid: boolean, tag: string): Promise<void> {
  const mode = /^([+-]?)FLAGS(\.SILENT)?$/i.exec(String(args[1]));
  const flags = (Array.isArray(args[2]) ? args[2] : args.slice(2)).map((f) => String(f).toLowerCase());
  if (!mode) return ctx.reply(tag, 'BAD', 'STORE needs FLAGS, +FLAGS or -FLAGS');
  if (sel.readOnly) return ctx.reply(tag, 'NO', '[READ-ONLY] The folder was opened read-only');
  const [, sign, silent] = mode;
  const seen = flags.includes('\\seen');
  const deleted = flags.includes('\\deleted');
  const picked: Array<{ seq: number; m: MailMessage }> = [];
  for await (const row of rows(ctx, sel, args[0], byUid)) picked.push(row);
  const setSeen = sign === '+' ? (seen ? true : null) : sign === '-' ? (seen ? false : null) : seen;
  if (setSeen !== null) {
    const change = picked.filter(({ m }) => !!m.openedAt !== setSeen).map(({ m }) => m);
    await ctx.store!.mark(change, setSeen);
    for (const m of change) m.openedAt = setSeen ? new Date() : null;
  }
  for (const { m } of picked) {
    const del = sign === '+' ? deleted || sel.deleted.has(m.id) : sign === '-' ? !deleted && sel.deleted.has(m.id) : deleted;
    if (del) sel.deleted.add(m.id);
    else sel.deleted.delete(m.id);
  }
  if (!silent)
    for (const { seq, m } of picked)
      ctx.untagged(`${seq} FETCH (FLAGS (${sel.flags(m).join(' ')})${byUid ? ` UID ${m.id}` : ''})`);
}

/** Moves the messages flagged \Deleted (of `only`, for UID EXPUNGE) to the product's trash. */
async function expunge(ctx: ImapContext, sel: Selected, only: ((uid: number) => boolean) | null, tell: boolean): Promise<void> {
  const ids = [...sel.deleted].filter((id) => !only || only(id));
  const found = await ctx.store!.messages(sel.named.folder, ids);
  await ctx.store!.trash(found);
  if (tell) await sel.refresh(ctx);
  else for (const id of ids) sel.deleted.delete(id);
}

/** IDLE: new mail and changes pushed from the live events the web app hears, until DONE. */
async function idle(ctx: ImapContext, tag: string): Promise<boolean> {
  ctx.conn.write('+ idling\r\n');
  let pending = Promise.resolve();
  const unsubscribe = ctx.services.events.subscribe(ctx.user!.accountId, (event) => {
    if (event.type === 'session' || !ctx.selected) return;
    const sel = ctx.selected;
    pending = pending.then(() => sel.refresh(ctx)).catch(() => undefined);
  });
  try {
    const line = await ctx.conn.readLine(64);
    await pending;
    if (line === null) return true;
    if (line.toString('latin1').toUpperCase() !== 'DONE') ctx.reply(tag, 'BAD', 'Expected DONE');
    else ctx.reply(tag, 'OK', 'IDLE done');
    return true;
  } finally {
    unsubscribe();
  }
}
