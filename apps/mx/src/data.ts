import type { Readable } from 'node:stream';

export interface Collected {
  /** The message bytes exactly as received (dot-unstuffed); null when over the size limit. */
  raw: Buffer | null;
  size: number;
  oversize: boolean;
  /** A LF not preceded by CR, or a CR not followed by LF, anywhere in the data (S2). */
  bareLineEnding: boolean;
}

const CR = 13;
const LF = 10;

/**
 * Reads the DATA stream of one message. Memory stays bounded (S4): past `maxSize` the bytes are
 * counted and dropped while the stream drains, so the client still gets its 552 at the end.
 *
 * smtp-server ends DATA only at <CRLF>.<CRLF> (S1); anything else, such as `\n.\r\n` or `\r.\r`
 * followed by a second MAIL FROM, stays inside this one message. Such a message carries a bare
 * line ending, and the caller refuses it whole (S2).
 */
export function collectData(stream: Readable, maxSize: number): Promise<Collected> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let oversize = false;
    let bare = false;
    // The last byte of the previous chunk was CR: the next chunk must start with LF.
    let pendingCr = false;
    // Whether the previous chunk ended with CR, for a LF at the start of this chunk.
    let prevEndsCr = false;

    stream.on('data', (chunk: Buffer) => {
      if (chunk.length === 0) return;
      if (!bare) {
        if (pendingCr && chunk[0] !== LF) bare = true;
        bare ||= hasBareLineEnding(chunk, prevEndsCr);
        pendingCr = chunk[chunk.length - 1] === CR;
        prevEndsCr = pendingCr;
      }
      size += chunk.length;
      if (size > maxSize) {
        oversize = true;
        chunks.length = 0;
      } else {
        chunks.push(chunk);
      }
    });
    stream.once('end', () => {
      if (pendingCr) bare = true;
      // A message that came in one chunk is used as it is: one copy of it less per message.
      const raw = oversize ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      resolve({ raw, size, oversize, bareLineEnding: bare });
    });
    stream.once('error', reject);
    // The connection went away mid-message: smtp-server destroys the stream without 'end'.
    stream.once('close', () => {
      if (!stream.readableEnded) reject(new Error('connection closed during DATA'));
    });
  });
}

/** Bare CR or LF inside one chunk; a CR as the very last byte is judged with the next chunk. */
export function hasBareLineEnding(chunk: Buffer, prevEndsCr: boolean): boolean {
  for (let i = chunk.indexOf(LF); i !== -1; i = chunk.indexOf(LF, i + 1)) {
    const before = i === 0 ? (prevEndsCr ? CR : -1) : chunk[i - 1];
    if (before !== CR) return true;
  }
  for (let i = chunk.indexOf(CR); i !== -1 && i < chunk.length - 1; i = chunk.indexOf(CR, i + 1)) {
    if (chunk[i + 1] !== LF) return true;
  }
  return false;
}

export interface HeaderStats {
  lines: number;
  received: number;
}

/** Counts header lines and Received: fields of the top-level header section (S9). */
export function headerStats(raw: Buffer): HeaderStats {
  let end = raw.indexOf('\r\n\r\n');
  if (end === -1) end = raw.length;
  const head = raw.subarray(0, end).toString('latin1');
  let lines = 0;
  let received = 0;
  for (const line of head.split('\r\n')) {
    if (!line) continue;
    lines++;
    if (line.length >= 9 && (line.charCodeAt(0) | 32) === 114 && /^received:/i.test(line)) received++;
  }
  return { lines, received };
}
