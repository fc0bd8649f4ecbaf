import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { collectData, hasBareLineEnding, headerStats } from './data';

async function collect(chunks: string[], max = 1000) {
  const s = new PassThrough();
  const p = collectData(s, max);
  for (const c of chunks) s.write(Buffer.from(c, 'latin1'));
  s.end();
  return p;
}

describe('collectData', () => {
  it('keeps CRLF data whole', async () => {
    const r = await collect(['Subject: x\r\n', '\r\nbody\r', '\n']);
    expect(r).toMatchObject({ oversize: false, bareLineEnding: false, size: 20 });
    expect(r.raw!.toString()).toBe('Subject: x\r\n\r\nbody\r\n');
  });

  it('keeps a message of one chunk whole', async () => {
    const r = await collect(['Subject: x\r\n\r\nbody\r\n']);
    expect(r).toMatchObject({ oversize: false, bareLineEnding: false, size: 20 });
    expect(r.raw!.toString()).toBe('Subject: x\r\n\r\nbody\r\n');
  });

  it.each([[['a\nb\r\n']], [['a\rb\r\n']], [['a\r', 'b\r\n']], [['a', '\nb\r\n']], [['a\r\n', '\n']], [['abc\r']]])(
    'finds a bare line ending in %j',
    async (chunks) => {
      expect((await collect(chunks)).bareLineEnding).toBe(true);
    },
  );

  it('stops buffering past the limit but counts the size', async () => {
    const r = await collect(['x'.repeat(600) + '\r\n', 'y'.repeat(600) + '\r\n'], 1000);
    expect(r).toMatchObject({ oversize: true, raw: null, size: 1204 });
  });
});

describe('hasBareLineEnding', () => {
  it('judges a LF at the start of a chunk by the previous chunk', () => {
    expect(hasBareLineEnding(Buffer.from('\nx'), true)).toBe(false);
    expect(hasBareLineEnding(Buffer.from('\nx'), false)).toBe(true);
  });
});

describe('headerStats', () => {
  it('counts header lines and Received fields of the top-level header only', () => {
    const raw = Buffer.from('Received: a\r\nreceived: b\r\nSubject: x\r\n\r\nReceived: in body\r\n');
    expect(headerStats(raw)).toEqual({ lines: 3, received: 2 });
  });
});
