import { describe, expect, it } from 'vitest';
import { parseCommand, ParseError, sequenceSet, trailingLiteral } from './imap-parser';

describe('IMAP command syntax', () => {
  it('reads atoms, quoted strings, literals, lists and bracketed fetch items', () => {
    const cmd = parseCommand(
      Buffer.from('a1 UID FETCH 1:* (UID BODY.PEEK[HEADER.FIELDS (FROM TO)]<0.100>) "q \\"x\\"" {3}\r\nabc'),
    );
    expect(cmd).toEqual({
      tag: 'a1',
      name: 'UID FETCH',
      args: ['1:*', ['UID', 'BODY.PEEK[HEADER.FIELDS (FROM TO)]<0.100>'], 'q "x"', 'abc'],
    });
  });

  it('refuses what is not a command', () => {
    expect(() => parseCommand(Buffer.from('* NOOP'))).toThrow(ParseError);
    expect(() => parseCommand(Buffer.from('a LOGIN "open'))).toThrow(ParseError);
  });

  it('finds a literal at the end of a line, synchronising or not', () => {
    expect(trailingLiteral(Buffer.from('a LOGIN {5}'))).toEqual({ size: 5, plus: false });
    expect(trailingLiteral(Buffer.from('a LOGIN {5+}'))).toEqual({ size: 5, plus: true });
    expect(trailingLiteral(Buffer.from('a NOOP'))).toBeNull();
  });

  it('tests sequence sets, * being the largest', () => {
    const set = sequenceSet('1:3,7,9:*', 12)!;
    expect([1, 3, 4, 7, 8, 9, 12].map(set)).toEqual([true, true, false, true, false, true, true]);
    expect(sequenceSet('1;2', 3)).toBeNull();
  });
});
