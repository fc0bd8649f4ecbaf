import { describe, expect, it } from 'vitest';
import { cursorId, pageOf } from './paging';

describe('pageOf', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: 100 - i }));

  it('shows a page and names the cursor below its last row when one more row came back', () => {
    expect(pageOf(rows(4), 3)).toEqual({ page: rows(3), nextCursor: '98' });
    expect(cursorId(pageOf(rows(4), 3).nextCursor!)).toBe(98);
  });

  it('ends without a cursor when no extra row came back', () => {
    expect(pageOf(rows(3), 3)).toEqual({ page: rows(3), nextCursor: null });
    expect(pageOf([], 3)).toEqual({ page: [], nextCursor: null });
    expect(cursorId(undefined)).toBeNull();
  });
});
