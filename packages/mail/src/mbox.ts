// The mbox format (RFC 4155) in its mboxrd variant, for an alias's export and import
// (docs/product.md §7 Export and import). A message starts with a `From <sender> <asctime date>`
// line; inside a message, every line matching /^>*From / gets one more `>`, so any line that starts
// with `From ` is a separator and quoting reverses exactly. A blank line ends each message.

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** C's asctime() in UTC: `Mon Nov  3 09:05:01 2026` (the day padded with a space). */
export function asctime(d: Date): string {
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${time} ${d.getUTCFullYear()}`;
}

/** A line start followed by `>*From `; latin1 keeps every byte as one character, so this is byte-exact. */
const QUOTED = /(?<![^\n])>*From /g;
const UNQUOTE = /(?<![^\n])>(>*From )/g;

/**
 * One message as mboxrd: its separator line, its raw bytes with `From ` lines quoted, a newline if
 * it lacks a final one, and the blank line that ends it. The sender is MAILER-DAEMON when it is
 * empty or could break the separator line.
 */
export function mboxEntry(sender: string, date: Date, raw: Buffer): Buffer[] {
  const from = /^[^\s"]+@[^\s"]+$/.test(sender) ? sender : 'MAILER-DAEMON';
  const body = Buffer.from(raw.toString('latin1').replace(QUOTED, '>$&'), 'latin1');
  const end = body.length && body[body.length - 1] === 0x0a ? '\n' : '\n\n';
  return [Buffer.from(`From ${from} ${asctime(date)}\n`), body, Buffer.from(end)];
}

/** One message read back from an mbox: its raw bytes and the separator's sender, or why it was left out. */
export type MboxItem = { index: number; sender: string; raw: Buffer } | { index: number; error: string };

/** The first line of a message is a header field (RFC 5322 §2.2). */
const HEADER_START = /^[!-9;-~]+:/;

/** Ends one message: drops the blank line before the next separator and reverses the quoting. */
function finish(index: number, sender: string, lines: Buffer[], size: number, maxBytes: number): MboxItem {
  if (size > maxBytes) return { index, error: `message of ${size} bytes over the limit of ${maxBytes}` };
  let raw = Buffer.concat(lines, size);
  if (raw.subarray(-2).toString('latin1') === '\n\n') raw = raw.subarray(0, -1);
  else if (raw.subarray(-3).toString('latin1') === '\n\r\n') raw = raw.subarray(0, -2);
  const text = raw.toString('latin1');
  if (!text.trim()) return { index, error: 'empty message' };
  if (!HEADER_START.test(text)) return { index, error: 'no header fields' };
  return { index, sender, raw: Buffer.from(text.replace(UNQUOTE, '$1'), 'latin1') };
}

/** A line longer than the largest message: no message can hold it, and reading on would hold it all. */
export class MboxLineTooLong extends Error {
  constructor(public readonly maxBytes: number) {
    super(`a line is longer than ${maxBytes} bytes`);
  }
}

/**
 * Splits an mbox read from `source` into its messages, one at a time: memory holds one message
 * (at most `maxBytes`; a larger one is counted, not kept, and reported) and one line of at most
 * `maxBytes`: a longer line throws MboxLineTooLong (docs/security.md W22). mboxrd files and mboxo
 * files (which quote only `From `) unquote the same way. Text before the first separator is
 * reported as entry 0; entries are numbered in file order from there.
 */
export async function* splitMbox(source: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<MboxItem> {
  let index = 0;
  let sender: string | null = null;
  let lines: Buffer[] = [];
  let size = 0;
  let partial: Buffer[] = [];
  let partialSize = 0;
  const take = function* (line: Buffer): Generator<MboxItem> {
    if (line.subarray(0, 5).toString('latin1') === 'From ') {
      if (sender !== null) yield finish(index++, sender, lines, size, maxBytes);
      else if (lines.some((l) => l.toString('latin1').trim())) yield { index: index++, error: 'text before the first From line' };
      const fields = line.toString('latin1').trim().split(/\s+/);
      sender = fields[1] && fields[1] !== 'MAILER-DAEMON' ? fields[1] : '';
      lines = [];
      size = 0;
      return;
    }
    size += line.length;
    // Past the limit only the count goes on: the message is reported, never held.
    if (size <= maxBytes) lines.push(line);
  };
  for await (const chunk of source) {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, nl + 1);
      start = nl + 1;
      if (partialSize + piece.length > maxBytes) throw new MboxLineTooLong(maxBytes);
      const line = partial.length ? Buffer.concat([...partial, piece]) : piece;
      partial = [];
      partialSize = 0;
      yield* take(line);
    }
    if (start < chunk.length) {
      partialSize += chunk.length - start;
      if (partialSize > maxBytes) throw new MboxLineTooLong(maxBytes);
      partial.push(chunk.subarray(start));
    }
  }
  if (partial.length) yield* take(Buffer.concat(partial));
  if (sender !== null) yield finish(index, sender, lines, size, maxBytes);
  else if (lines.some((l) => l.toString('latin1').trim())) yield { index, error: 'not an mbox file: no From line' };
}
