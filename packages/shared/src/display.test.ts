import { describe, expect, it } from 'vitest';
import { stripBidi } from './display';

describe('stripBidi', () => {
  it('removes every embedding, override and isolate control, and nothing else', () => {
    const controls = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const c of controls) expect(stripBidi(`invoice${c}fdp.exe`)).toBe('invoicefdp.exe');
    expect(stripBidi('שלום – مرحبا, ünïcödé 😀 \u200e')).toBe('שלום – مرحبا, ünïcödé 😀 \u200e');
  });
});
