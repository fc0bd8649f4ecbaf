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
