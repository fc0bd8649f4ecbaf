import type { MailMessage } from '@app/db';
import type { ImapContext } from './imap-session';
import type { NamedFolder } from './store';

/**
 * A selected folder: its UIDs (message ids) in order, which give the sequence numbers, read from the
 * database in pages and never with their rows; the \Deleted flags this session set; what the client
 * was last told it holds, so NOOP and IDLE report only what changed.
 */
export class Selected {
  deleted = new Set<number>();

  constructor(
    readonly named: NamedFolder,
    public uids: number[],
    readonly readOnly: boolean,
  ) {}

  get uidNext(): number {
    return (this.uids[this.uids.length - 1] ?? 0) + 1;
  }

  /** Messages whose sequence number (or, `byUid`, UID) the set's test picks, with their numbers. */
  pick(test: (n: number) => boolean, byUid: boolean): Array<{ seq: number; uid: number }> {
    const out: Array<{ seq: number; uid: number }> = [];
    this.uids.forEach((uid, i) => {
      if (test(byUid ? uid : i + 1)) out.push({ seq: i + 1, uid });
    });
    return out;
  }

  flags(m: MailMessage): string[] {
    return [...(m.openedAt ? ['\\Seen'] : []), ...(this.deleted.has(m.id) ? ['\\Deleted'] : [])];
  }

  /** Tells the client of messages that left the folder (EXPUNGE, highest first) and of new ones (EXISTS). */
  async refresh(ctx: ImapContext): Promise<void> {
    const now = await ctx.store!.ids(this.named.folder);
    const present = new Set(now);
    for (let i = this.uids.length - 1; i >= 0; i--) {
      if (present.has(this.uids[i]!)) continue;
      ctx.untagged(`${i + 1} EXPUNGE`);
      this.deleted.delete(this.uids[i]!);
      this.uids.splice(i, 1);
    }
    const known = new Set(this.uids);
    const added = now.filter((id) => !known.has(id));
    if (added.length) {
      this.uids.push(...added);
      ctx.untagged(`${this.uids.length} EXISTS`);
    }
  }
}
