import {
  appendAliasLogEntry,
  countMailFolder,
  digestMailFolder,
  findAliasRawMessage,
  findMailMessages,
  listAccountAliases,
  lastMailFolderId,
  listMailFolderIds,
  type AliasWithDomain,
  type MailFolder,
  type MailMessage,
} from '@app/db';
import { messageActions, open, type Services } from '@app/runtime';

export interface NamedFolder {
  name: string;
  folder: MailFolder;
  /** Fixed per folder: UIDs are message ids, which only grow. */
  uidValidity: number;
}

/**
 * An account's mail as a mail client sees it (docs/mail-clients.md): its active aliases, their folders,
 * the raw bytes of a message opened from its sealed copy on demand (as the export opens them), and the
 * product's own read and trash actions, so the web app hears of each change at once.
 */
export class MailStore {
  private constructor(
    private services: Services,
    readonly accountId: number,
    private aliases: Map<number, AliasWithDomain>,
    private protocol: 'IMAP' | 'POP3',
    private client: string,
  ) {}

  static async open(services: Services, accountId: number, protocol: 'IMAP' | 'POP3', client: string): Promise<MailStore> {
    const owned = await listAccountAliases(services.database.db, accountId);
    const active = owned.filter((o) => o.alias.isActive);
    return new MailStore(services, accountId, new Map(active.map((o) => [o.alias.id, o])), protocol, client);
  }

  address(aliasId: number): string {
    const o = this.aliases.get(aliasId);
    return o ? `${o.alias.handle}@${o.domain}` : '';
  }

  /** INBOX (every active alias), one folder per alias, Trash and Spam. */
  folders(): NamedFolder[] {
    const all = [...this.aliases.keys()];
    return [
      { name: 'INBOX', folder: { aliasIds: all, list: 'inbox' }, uidValidity: 1 },
      ...[...this.aliases.values()].map((o) => ({
        name: `Aliases/${o.alias.handle}@${o.domain}`,
        folder: { aliasIds: [o.alias.id], list: 'inbox' as const },
        uidValidity: 1000 + o.alias.id,
      })),
      { name: 'Trash', folder: { aliasIds: all, list: 'trash' }, uidValidity: 2 },
      { name: 'Spam', folder: { aliasIds: all, list: 'spam' }, uidValidity: 3 },
    ];
  }

  /** The inbox of one alias by handle (POP3's `user+handle`); null when the account has no such active alias. */
  aliasInbox(handle: string): MailFolder | null {
    const found = [...this.aliases.values()].find((o) => o.alias.handle === handle);
    return found ? { aliasIds: [found.alias.id], list: 'inbox' } : null;
  }

  /** The folder's ids after `afterId` (every id by default), oldest first. */
  ids(folder: MailFolder, afterId = 0): Promise<number[]> {
    return listMailFolderIds(this.services.database.db, folder, afterId);
  }

  /** The count and the sum of the folder's ids up to `upTo` (see digestMailFolder). */
  digest(folder: MailFolder, upTo: number) {
    return digestMailFolder(this.services.database.db, folder, upTo);
  }

  /** The folder's newest id, 0 when it is empty. */
  lastId(folder: MailFolder): Promise<number> {
    return lastMailFolderId(this.services.database.db, folder);
  }

  count(folder: MailFolder) {
    return countMailFolder(this.services.database.db, folder);
  }

  messages(folder: MailFolder, ids: number[]): Promise<MailMessage[]> {
    return findMailMessages(this.services.database.db, folder, ids);
  }

  /** The message's original bytes, opened from its sealed copy; null when it is gone. */
  async raw(message: MailMessage): Promise<Buffer | null> {
    const owned = this.aliases.get(message.aliasId);
    if (!owned) return null;
    const { db } = this.services.database;
    const row = await findAliasRawMessage(db, message.aliasId, message.id, true);
    if (!row) return null;
    const keyOf = await this.services.keys.contentKeys(db, owned.alias);
    return open(keyOf(row), row.rawSealed);
  }

  /** Marks messages read or unread, alias by alias; a read is written in each alias's log. */
  async mark(messages: MailMessage[], read: boolean): Promise<void> {
    const actions = messageActions(this.services);
    for (const [aliasId, ids] of byAlias(messages)) {
      const changed = await actions.mark(this.accountId, aliasId, ids, read);
      if (changed && read)
        await appendAliasLogEntry(this.services.database.db, {
          aliasId,
          userId: this.accountId,
          method: this.protocol,
          endpoint: 'read',
          status: 200,
          detail: `read over ${this.protocol} from ${this.client}`,
        });
    }
  }

  /** Moves messages to the product's trash (its retention applies); nothing is deleted outright here. */
  async trash(messages: MailMessage[]): Promise<void> {
    const actions = messageActions(this.services);
    for (const [aliasId, ids] of byAlias(messages)) await actions.trash(this.accountId, aliasId, ids);
  }
}

function byAlias(messages: MailMessage[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const m of messages) groups.set(m.aliasId, [...(groups.get(m.aliasId) ?? []), m.id]);
  return groups;
}
