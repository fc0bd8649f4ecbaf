import type { MailMessage } from '@app/db';
import { bodyStructure, envelope, internalDate } from './imap-format';
import type { Arg } from './imap-parser';
import { headerSubset, parsePart, partAt, type Part } from './mime';

/** One FETCH data item asked for. */
type Item =
  | { kind: 'FLAGS' | 'UID' | 'RFC822.SIZE' | 'INTERNALDATE' | 'ENVELOPE' | 'BODYSTRUCTURE' }
  | { kind: 'section'; label: string; section: string; peek: boolean; start?: number; length?: number };

const MACROS: Record<string, string[]> = {
  ALL: ['FLAGS', 'INTERNALDATE', 'RFC822.SIZE', 'ENVELOPE'],
  FAST: ['FLAGS', 'INTERNALDATE', 'RFC822.SIZE'],
  FULL: ['FLAGS', 'INTERNALDATE', 'RFC822.SIZE', 'ENVELOPE', 'BODYSTRUCTURE'],
};
const SIMPLE = new Set(['FLAGS', 'UID', 'RFC822.SIZE', 'INTERNALDATE', 'ENVELOPE', 'BODYSTRUCTURE']);
const ALIASES: Record<string, string> = {
  RFC822: 'BODY[]',
  'RFC822.HEADER': 'BODY.PEEK[HEADER]',
  'RFC822.TEXT': 'BODY[TEXT]',
  BODY: 'BODYSTRUCTURE',
};

/** The items of a FETCH command; null when one is not understood. */
export function fetchItems(arg: Arg | undefined, withUid: boolean): Item[] | null {
  const names = typeof arg === 'string' ? (MACROS[arg.toUpperCase()] ?? [arg]) : (arg ?? []);
  const items: Item[] = withUid ? [{ kind: 'UID' }] : [];
  for (const name of names) {
    if (typeof name !== 'string') return null;
    const upper = name.toUpperCase();
    const alias = ALIASES[upper];
    const item = SIMPLE.has(alias ?? upper) ? { kind: (alias ?? upper) as 'UID' } : section(alias ?? name, alias ? upper : null);
    if (!item) return null;
    if (item.kind !== 'UID' || !items.some((i) => i.kind === 'UID')) items.push(item);
  }
  return items;
}

function section(name: string, label: string | null): Item | null {
  const m = /^BODY(\.PEEK)?\[([^\]]*)\](?:<(\d+)(?:\.(\d+))?>)?$/i.exec(name);
  if (!m) return null;
  const sectionText = m[2]!.toUpperCase().replace(/\s+/g, ' ');
  const start = m[3] === undefined ? undefined : Number(m[3]);
  return {
    kind: 'section',
    label: label ?? `BODY[${sectionText}]${start === undefined ? '' : `<${start}>`}`,
    section: sectionText,
    peek: !!m[1] || label === 'RFC822.HEADER',
    start,
    length: m[4] === undefined ? undefined : Number(m[4]),
  };
}

export const needsRaw = (items: Item[]) =>
  items.some((i) => i.kind === 'section' || i.kind === 'ENVELOPE' || i.kind === 'BODYSTRUCTURE');
export const marksSeen = (items: Item[]) => items.some((i) => i.kind === 'section' && !i.peek);

/** The bytes a section names (RFC 3501 §6.4.5); empty when the part does not exist. */
function sectionBytes(raw: Buffer, root: Part, spec: string): Buffer {
  if (spec === '') return raw;
  const m = /^((?:\d+\.)*\d+)?\.?(HEADER\.FIELDS\.NOT|HEADER\.FIELDS|HEADER|TEXT|MIME)?(?: \((.*)\))?$/.exec(spec);
  if (!m) return Buffer.alloc(0);
  const path = m[1] ? m[1].split('.').map(Number) : [];
  const part = partAt(root, path);
  if (!part) return Buffer.alloc(0);
  const what = m[2];
  if (!what) return path.length ? part.body : raw;
  if (what === 'MIME') return part.header;
  // HEADER and TEXT of a numbered part are those of the message it carries.
  const message = path.length ? part.parts[0] : part;
  if (!message) return Buffer.alloc(0);
  if (what === 'TEXT') return message.body;
  if (what === 'HEADER') return message.header;
  return headerSubset(message.header, (m[3] ?? '').split(' ').filter(Boolean), what === 'HEADER.FIELDS.NOT');
}

/** One message's FETCH response body, `(...)` with its literals. */
export function fetchResponse(items: Item[], m: MailMessage, flags: string[], raw: Buffer | null): Array<string | Buffer> {
  const root = raw ? parsePart(raw) : null;
  const out: Array<string | Buffer> = ['('];
  items.forEach((item, i) => {
    const sep = i ? ' ' : '';
    if (item.kind !== 'section') return out.push(sep + simpleItem(item.kind, m, flags, root));
    let bytes = raw && root ? sectionBytes(raw, root, item.section) : Buffer.alloc(0);
    if (item.start !== undefined)
      bytes = bytes.subarray(item.start, item.length === undefined ? undefined : item.start + item.length);
    out.push(`${sep}${item.label} {${bytes.length}}\r\n`, bytes);
  });
  out.push(')');
  return out;
}

function simpleItem(kind: Exclude<Item['kind'], 'section'>, m: MailMessage, flags: string[], root: Part | null): string {
  if (kind === 'FLAGS') return `FLAGS (${flags.join(' ')})`;
  if (kind === 'UID') return `UID ${m.id}`;
  if (kind === 'RFC822.SIZE') return `RFC822.SIZE ${m.size}`;
  if (kind === 'INTERNALDATE') return `INTERNALDATE ${internalDate(m.createdAt)}`;
  if (kind === 'ENVELOPE') return `ENVELOPE ${root ? envelope(root.header) : 'NIL'}`;
  return `BODYSTRUCTURE ${root ? bodyStructure(root) : 'NIL'}`;
}
