import type { Services } from '@app/runtime';
import type { MailUser } from './auth';
import type { Connection } from './connection';
import type { Selected } from './imap-mailbox';
import type { MailStore } from './store';

/** What a session's command handlers share. */
export interface ImapContext {
  services: Services;
  conn: Connection;
  user: MailUser | null;
  store: MailStore | null;
  selected: Selected | null;
  /** Untagged responses and the tagged one: `reply(tag, 'OK', text)`. */
  reply(tag: string, status: 'OK' | 'NO' | 'BAD', text: string): void;
  untagged(line: string | Array<string | Buffer>): void;
}
