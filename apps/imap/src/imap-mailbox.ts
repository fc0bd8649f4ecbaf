import type { MailMessage } from '@app/db';
import type { MailStore, NamedFolder } from './store';

/** What a refresh needs of its session: the account's mail, and a way to tell the client. */
interface Watcher {
  store: MailStore | null;
  untagged(line: string): void;
}

/**
 * A selected folder: its UIDs (message ids) in order, which give the sequence numbers, read from the
 * database as one list of ids and never with their rows (8 bytes a message); the \Deleted flags this
 * session set; what the client was last told it holds, so NOOP and IDLE report only what changed.
 */
export class Selected {
  deleted = new Set<number>();
  /** The sum of `uids`, kept with them, to compare with the folder's digest. */
  private sum: number;

  constructor(
    readonly named: NamedFolder,
    public uids: number[],
    readonly readOnly: boolean,
  ) {
    this.sum = uids.reduce((a, b) => a + b, 0);
  }

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

  /**
   * Tells the client of messages that left the folder (EXPUNGE, highest first) and of new ones
   * (EXISTS). While the folder's digest of the ids it knows still matches, none left, and only the
   * newer ids are read; a large folder then costs one index-only count, not a read of every id.
   */
  async refresh(ctx: Watcher): Promise<void> {
    const store = ctx.store!;
    const last = this.uidNext - 1;
    const known = await store.digest(this.named.folder, last);
    if (known.count === this.uids.length && known.sum === this.sum) {
      this.append(ctx, await store.ids(this.named.folder, last));
      return;
    }
    const now = await store.ids(this.named.folder);
    const present = new Set(now);
    for (let i = this.uids.length - 1; i >= 0; i--) {
      const uid = this.uids[i]!;
      if (present.has(uid)) continue;
      ctx.untagged(`${i + 1} EXPUNGE`);
      this.deleted.delete(uid);
      this.uids.splice(i, 1);
      this.sum -= uid;
    }
    const held = new Set(this.uids);
    this.append(
      ctx,
      now.filter((id) => !held.has(id)),
    );
  }

  private append(ctx: Watcher, added: number[]): void {
    if (!added.length) return;
    this.uids.push(...added);
    for (const uid of added) this.sum += uid;
    ctx.untagged(`${this.uids.length} EXISTS`);
  }
}
