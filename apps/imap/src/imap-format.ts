import { fieldValue, type Part } from './mime';

/** A string as IMAP sends it: quoted when it is short plain text, else a literal. */
export function str(value: string | null | undefined): string {
  if (value === null || value === undefined) return 'NIL';
  if (/^[\x20-\x7e]*$/.test(value) && value.length < 200) return `"${value.replace(/(["\\])/g, '\\$1')}"`;
  return `{${Buffer.byteLength(value)}}\r\n${value}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** INTERNALDATE's form (RFC 3501 date-time), in UTC. */
export function internalDate(d: Date): string {
  return `"${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000"`;
}

/** An IMAP search date (`1-Feb-2026`) as the start of that day in UTC; null when malformed. */
export function searchDate(value: string): Date | null {
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(value);
  const month = m ? MONTHS.findIndex((x) => x.toLowerCase() === m[2]!.toLowerCase()) : -1;
  return m && month >= 0 ? new Date(Date.UTC(Number(m[3]), month, Number(m[1]))) : null;
}

/** Addresses of a header field as ENVELOPE lists them: ((name NIL mailbox host) ...), or NIL. */
function addresses(value: string | null): string {
  if (!value) return 'NIL';
  const list: string[] = [];
  for (const item of value.match(/(?:"[^"]*"|<[^>]*>|[^,])+/g) ?? []) {
    const angle = /^(.*)<([^>]*)>\s*$/.exec(item.trim());
    const name = angle ? angle[1]!.trim().replace(/^"(.*)"$/, '$1') : '';
    const address = (angle ? angle[2]! : item).trim();
    const at = address.lastIndexOf('@');
    if (!address) continue;
    const [mailbox, host] = at > 0 ? [address.slice(0, at), address.slice(at + 1)] : [address, ''];
    list.push(`(${str(name || null)} NIL ${str(mailbox)} ${str(host || null)})`);
  }
  return list.length ? `(${list.join('')})` : 'NIL';
}

/** ENVELOPE (RFC 3501 §7.4.2): fields as they are in the header, encoded words left as sent. */
export function envelope(header: Buffer): string {
  const f = (name: string) => fieldValue(header, name);
  const from = addresses(f('from'));
  const or = (name: string) => (f(name) ? addresses(f(name)) : from);
  return `(${[
    str(f('date')),
    str(f('subject')),
    from,
    or('sender'),
    or('reply-to'),
    addresses(f('to')),
    addresses(f('cc')),
    addresses(f('bcc')),
    str(f('in-reply-to')),
    str(f('message-id')),
  ].join(' ')})`;
}

const params = (p: Record<string, string>) => {
  const entries = Object.entries(p);
  return entries.length ? `(${entries.map(([k, v]) => `${str(k.toUpperCase())} ${str(v)}`).join(' ')})` : 'NIL';
};

const lines = (body: Buffer) => body.toString('latin1').split('\r\n').length - 1;

/** BODYSTRUCTURE (non-extensible fields only, which every client reads), from the MIME tree. */
export function bodyStructure(part: Part): string {
  if (part.type === 'multipart' && part.parts.length)
    return `(${part.parts.map(bodyStructure).join('')} ${str(part.subtype.toUpperCase())})`;
  const encoding = (fieldValue(part.header, 'content-transfer-encoding') ?? '7BIT').toUpperCase();
  const base = [
    str(part.type.toUpperCase()),
    str(part.subtype.toUpperCase()),
    params(part.params),
    str(fieldValue(part.header, 'content-id')),
    str(fieldValue(part.header, 'content-description')),
    str(encoding),
    String(part.body.length),
  ];
  if (part.type === 'text') base.push(String(lines(part.body)));
  else if (part.type === 'message' && part.subtype === 'rfc822' && part.parts[0])
    base.push(envelope(part.parts[0].header), bodyStructure(part.parts[0]), String(lines(part.body)));
  return `(${base.join(' ')})`;
}
