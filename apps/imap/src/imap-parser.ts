/**
 * IMAP command syntax (RFC 3501 §9): a tag, a command and its arguments, read from one command's
 * bytes with its literals in line (`{n}` CRLF and n bytes). Atoms, quoted strings and literals are
 * strings (NIL is the atom "NIL"); parenthesised lists are arrays. An atom runs through brackets, so
 * `BODY.PEEK[HEADER.FIELDS (FROM TO)]<0.100>` is one atom.
 */
export type Arg = string | Arg[];

export interface Command {
  tag: string;
  name: string;
  args: Arg[];
}

export class ParseError extends Error {}

/** Parses one whole command; a malformed one throws ParseError. */
export function parseCommand(bytes: Buffer): Command {
  const p = new Parser(bytes);
  const tag = p.atom();
  p.space();
  let name = p.atom().toUpperCase();
  if (name === 'UID') {
    p.space();
    name = `UID ${p.atom().toUpperCase()}`;
  }
  const args = p.rest();
  if (!tag || /[+*]/.test(tag)) throw new ParseError('Bad tag');
  return { tag, name, args };
}

/** The byte count of a literal that ends a line (`{n}` or `{n+}`), and whether it is non-synchronising. */
export function trailingLiteral(line: Buffer): { size: number; plus: boolean } | null {
  const m = /\{(\d{1,10})(\+?)\}$/.exec(line.toString('latin1'));
  return m ? { size: Number(m[1]), plus: m[2] === '+' } : null;
}

class Parser {
  private i = 0;
  constructor(private b: Buffer) {}

  private get ch(): string {
    return this.i < this.b.length ? String.fromCharCode(this.b[this.i]!) : '';
  }

  space(): void {
    if (this.ch !== ' ') throw new ParseError('Expected a space');
    this.i++;
  }

  atom(): string {
    const start = this.i;
    let depth = 0;
    while (this.i < this.b.length) {
      const c = this.ch;
      if (c === '[') depth++;
      else if (c === ']') depth--;
      else if (depth === 0 && (c === ' ' || c === '(' || c === ')' || c === '\r' || c === '\n')) break;
      this.i++;
    }
    if (this.i === start) throw new ParseError('Expected an atom');
    return this.b.toString('latin1', start, this.i);
  }

  private quoted(): string {
    this.i++;
    const out: number[] = [];
    for (;;) {
      if (this.i >= this.b.length) throw new ParseError('Unterminated string');
      let c = this.b[this.i++]!;
      if (c === 0x22) return Buffer.from(out).toString('utf8');
      if (c === 0x5c) c = this.b[this.i++]!;
      out.push(c);
    }
  }

  private literal(): string {
    const end = this.b.indexOf('}', this.i);
    const size = Number(this.b.toString('latin1', this.i + 1, end).replace('+', ''));
    this.i = end + 3;
    if (!Number.isInteger(size) || this.i + size > this.b.length) throw new ParseError('Bad literal');
    const value = this.b.toString('utf8', this.i, this.i + size);
    this.i += size;
    return value;
  }

  private value(): Arg {
    const c = this.ch;
    if (c === '"') return this.quoted();
    if (c === '{') return this.literal();
    if (c !== '(') return this.atom();
    this.i++;
    const list: Arg[] = [];
    while (this.ch !== ')') {
      if (this.i >= this.b.length) throw new ParseError('Unterminated list');
      if (this.ch === ' ') this.i++;
      else list.push(this.value());
    }
    this.i++;
    return list;
  }

  rest(): Arg[] {
    const args: Arg[] = [];
    while (this.i < this.b.length) {
      this.space();
      args.push(this.value());
    }
    return args;
  }
}

/** A sequence set (`1:3,7,9:*`) as a test on a number, `*` being `max`. */
export function sequenceSet(set: Arg | undefined, max: number): ((n: number) => boolean) | null {
  if (typeof set !== 'string' || !/^[\d*:,]+$/.test(set)) return null;
  const ranges = set.split(',').map((part) => {
    const [a, b = a] = part.split(':').map((v) => (v === '*' ? max : Number(v)));
    return [Math.min(a!, b!), Math.max(a!, b!)] as const;
  });
  return (n) => ranges.some(([lo, hi]) => n >= lo && n <= hi);
}
