/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). In a
 * subject, sender name or attachment name they reorder what the reader sees ("invoice‮fdp.exe"
 * shows as "invoiceexe.pdf"), so they are removed at ingest and again at display for mail stored
 * before (docs/security.md H11).
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

export function stripBidi(s: string): string {
  return s.replace(BIDI_CONTROLS, '');
}

/** Characters of a message's text kept as its one-line preview in lists (docs/product.md §3 Message). */
export const SNIPPET_LENGTH = 140;

/**
 * A message's one-line preview: the start of its text with whitespace collapsed and bidi controls
 * removed (H11); null when the text has nothing to show.
 */
export function snippetOf(text: string | null | undefined): string | null {
  if (!text) return null;
  // Only the head is read: a preview never needs to walk a whole large body.
  const line = stripBidi(text.trimStart().slice(0, SNIPPET_LENGTH * 8))
    .replace(/\s+/g, ' ')
    .trim();
  return line ? firstCodePoints(line, SNIPPET_LENGTH) : null;
}

/** The first `n` code points of `s`, a surrogate pair counting as one (without spreading `s` into an array). */
function firstCodePoints(s: string, n: number): string {
  let end = 0;
  for (let count = 0; count < n && end < s.length; count++) {
    const high = s.charCodeAt(end);
    const low = s.charCodeAt(end + 1);
    end += high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
  }
  return s.slice(0, end);
}
