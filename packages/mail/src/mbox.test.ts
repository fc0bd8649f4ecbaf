import { describe, expect, it } from 'vitest';
import { asctime, MboxLineTooLong, mboxEntry, splitMbox, type MboxItem } from './mbox';

const crlf = (s: string) => Buffer.from(s.replace(/\r?\n/g, '\r\n'));

/** Feeds the text in small chunks, so lines straddle chunk boundaries. */
async function split(text: Buffer | string, maxBytes = 1 << 20): Promise<MboxItem[]> {
  const buf = Buffer.isBuffer(text) ? text : Buffer.from(text);
  async function* chunks() {
    for (let i = 0; i < buf.length; i += 7) yield buf.subarray(i, i + 7);
  }
  const out: MboxItem[] = [];
  for await (const item of splitMbox(chunks(), maxBytes)) out.push(item);
  return out;
}

describe('mbox', () => {
  it('writes the asctime date in UTC with a space-padded day', () => {
    expect(asctime(new Date('2026-11-03T09:05:01Z'))).toBe('Tue Nov  3 09:05:01 2026');
  });

  it('quotes every >*From line and reads each message back byte for byte', async () => {
    const a = crlf('From: a@example.test\nSubject: one\n\nFrom here\n>From there\n>>From afar\nFromage\n');
    const b = crlf('From: b@example.test\nSubject: two\n\nbody\n');
    const file = Buffer.concat([
      ...mboxEntry('a@example.test', new Date('2026-01-02T03:04:05Z'), a),
      ...mboxEntry('', new Date(0), b),
    ]);
    const text = file.toString('latin1');
    expect(text.startsWith('From a@example.test Fri Jan  2 03:04:05 2026\n')).toBe(true);
    expect(text).toContain('\r\n>From here\r\n>>From there\r\n>>>From afar\r\nFromage\r\n');
    expect(text).toContain('\nFrom MAILER-DAEMON Thu Jan  1 00:00:00 1970\n');
    const items = await split(file);
    expect(items).toEqual([
      { index: 0, sender: 'a@example.test', raw: a },
      { index: 1, sender: '', raw: b },
    ]);
  });

  it('reports text before the first From line, entries without headers and oversized ones', async () => {
    const items = await split(
      'junk\nFrom x@y Mon Jan  1 00:00:00 2024\nnot a header\n\nFrom x@y Mon Jan  1 00:00:00 2024\nA: b\n\n' +
        // 300 bytes in lines each within the limit (a longer line is refused outright, below).
        `${'x'.repeat(99)}\n${'x'.repeat(99)}\n${'x'.repeat(100)}` +
        '\n\nFrom x@y Mon Jan  1 00:00:00 2024\n\n',
      200,
    );
    expect(items.map((i) => ('error' in i ? i.error : 'ok'))).toEqual([
      'text before the first From line',
      'no header fields',
      'message of 308 bytes over the limit of 200',
      'empty message',
    ]);
    expect(await split('Subject: no separator\n\nhi\n')).toEqual([{ index: 0, error: 'not an mbox file: no From line' }]);
  });
});

describe('mbox lines (docs/security.md W22)', () => {
  /** `total` bytes of `fill`, read in 64 KiB chunks made on demand; `pulled` counts what was read. */
  function source(total: number, fill: number) {
    const chunk = Buffer.alloc(64 * 1024, fill);
    const counter = { pulled: 0 };
    async function* gen() {
      while (counter.pulled < total) {
        const n = Math.min(chunk.length, total - counter.pulled);
        counter.pulled += n;
        yield chunk.subarray(0, n);
      }
    }
    return { gen, counter };
  }

  it('refuses a 95 MB file without a newline after reading no more than one line of the limit', async () => {
    const maxBytes = 1 << 20;
    const { gen, counter } = source(95 * 1024 * 1024, 0x78);
    const read = async () => {
      for await (const item of splitMbox(gen(), maxBytes)) void item;
    };
    await expect(read()).rejects.toBeInstanceOf(MboxLineTooLong);
    expect(counter.pulled).toBeLessThanOrEqual(maxBytes + 64 * 1024);
  });

  it('takes a long line within the limit', async () => {
    const line = 'x'.repeat(1000);
    const items = await split(`From a@b.example Mon Nov  3 09:05:01 2026\nSubject: s\n\n${line}\n`, 2048);
    expect(items).toHaveLength(1);
    await expect(
      split(`From a@b.example Mon Nov  3 09:05:01 2026\nSubject: s\n\n${line}${line}${line}\n`, 2048),
    ).rejects.toBeInstanceOf(MboxLineTooLong);
  });
});
