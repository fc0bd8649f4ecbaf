/**
 * The parts of a raw message an IMAP FETCH names (RFC 3501 §6.4.5, §7.4.2): the header and body of
 * each MIME part, found by their byte offsets, never decoded or rewritten, so every section served
 * is the original bytes.
 */
export interface Part {
  header: Buffer;
  body: Buffer;
  /** Sub-parts of a multipart (or the one message of a message/rfc822). */
  parts: Part[];
  type: string;
  subtype: string;
  params: Record<string, string>;
}

function splitHeader(raw: Buffer): { header: Buffer; body: Buffer } {
  if (raw.subarray(0, 2).toString() === '\r\n') return { header: raw.subarray(0, 2), body: raw.subarray(2) };
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return { header: raw, body: Buffer.alloc(0) };
  return { header: raw.subarray(0, end + 4), body: raw.subarray(end + 4) };
}

/** The header's fields, unfolded, in order, names lower-cased. */
export function headerFields(header: Buffer): Array<{ name: string; value: string; raw: string }> {
  const text = header.toString('latin1');
  const fields: Array<{ name: string; value: string; raw: string }> = [];
  for (const raw of text.split(/\r\n(?![ \t])/)) {
    const colon = raw.indexOf(':');
    if (colon <= 0) continue;
    fields.push({
      name: raw.slice(0, colon).trim().toLowerCase(),
      value: raw
        .slice(colon + 1)
        .replace(/\r\n/g, '')
        .trim(),
      raw,
    });
  }
  return fields;
}

export function fieldValue(header: Buffer, name: string): string | null {
  return headerFields(header).find((f) => f.name === name)?.value ?? null;
}

function contentType(header: Buffer): { type: string; subtype: string; params: Record<string, string> } {
  const value = fieldValue(header, 'content-type') ?? 'text/plain; charset=us-ascii';
  const [full = 'text/plain', ...rest] = value.split(';');
  const [type = 'text', subtype = 'plain'] = full.trim().toLowerCase().split('/');
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq > 0)
      params[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  if (type === 'text' && !params.charset) params.charset = 'us-ascii';
  return { type, subtype, params };
}

/** The MIME tree of a message or part. */
export function parsePart(raw: Buffer, depth = 0): Part {
  const { header, body } = splitHeader(raw);
  const ct = contentType(header);
  const part: Part = { header, body, parts: [], ...ct };
  if (depth > 20) return part;
  if (ct.type === 'multipart' && ct.params.boundary) {
    const delimiter = `--${ct.params.boundary}`;
    const text = body.toString('latin1');
    const pieces = text.split(new RegExp(`(?:^|\\r\\n)${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r\\n?`));
    for (const piece of pieces.slice(1, -1)) part.parts.push(parsePart(Buffer.from(piece, 'latin1'), depth + 1));
  } else if (ct.type === 'message' && ct.subtype === 'rfc822') part.parts.push(parsePart(body, depth + 1));
  return part;
}

/** A part by its section number (`1.2`); the message itself for an empty path. */
export function partAt(root: Part, path: number[]): Part | null {
  let part: Part | undefined = root;
  for (const n of path) {
    if (!part) return null;
    // A non-multipart has one part, itself (RFC 3501 §6.4.5); a message/rfc822's parts are its message's.
    const inner: Part = part.type === 'message' && part.parts[0] ? part.parts[0] : part;
    part = inner.parts.length ? inner.parts[n - 1] : n === 1 ? inner : undefined;
  }
  return part ?? null;
}

/** The fields named (or all but those named) of a header, and the blank line after them. */
export function headerSubset(header: Buffer, names: string[], not: boolean): Buffer {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const kept = headerFields(header).filter((f) => wanted.has(f.name) !== not);
  return Buffer.from(`${kept.map((f) => `${f.raw}\r\n`).join('')}\r\n`, 'latin1');
}
