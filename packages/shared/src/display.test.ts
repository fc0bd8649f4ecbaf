import { describe, expect, it } from 'vitest';
import { SNIPPET_LENGTH, snippetOf, stripBidi } from './display';

describe('stripBidi', () => {
  it('removes every embedding, override and isolate control, and nothing else', () => {
    const controls = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const c of controls) expect(stripBidi(`invoice${c}fdp.exe`)).toBe('invoicefdp.exe');
    expect(stripBidi('שלום – مرحبا, ünïcödé 😀 \u200e')).toBe('שלום – مرحبا, ünïcödé 😀 \u200e');
  });
});

describe('snippetOf', () => {
  it('collapses whitespace, drops bidi controls and keeps the first 140 characters', () => {
    expect(snippetOf('\n\n  Hello\u202e\r\n\tworld  ')).toBe('Hello world');
    const long = snippetOf('😀'.repeat(500))!;
    expect([...long]).toHaveLength(SNIPPET_LENGTH);
    expect(long.endsWith('😀')).toBe(true);
    // Characters are code points: a pair is never cut in two, a lone half counts as one.
    const mixed = 'ab😀\ud800c'.repeat(40);
    expect(snippetOf(mixed)).toBe([...mixed].slice(0, SNIPPET_LENGTH).join(''));
    expect(snippetOf('x'.repeat(300))).toBe('x'.repeat(SNIPPET_LENGTH));
  });

  it('is null for no text or only whitespace', () => {
    expect(snippetOf(null)).toBeNull();
    expect(snippetOf(' \n\t ')).toBeNull();
  });
});
