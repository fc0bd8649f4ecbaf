// Download headers (docs/security.md H9): attachments, .eml and .mbox files, the account's zip.
import { stripBidi } from '@app/shared';
import type { FastifyReply } from 'fastify';

/** RFC 6266 with an RFC 8187 `filename*`; the quoted fallback is plain ASCII without quotes or CR/LF. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  // Bidi controls would reorder the name in the save dialog ("invoice‮fdp.exe"); H11.
  const filename = stripBidi(name);
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const SAFE_TYPE =
  /^(?:image\/(?:png|gif|jpeg|pjpeg|webp|avif|bmp)|application\/pdf|text\/plain|text\/csv|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/(?:zip|gzip|x-gzip|x-tar|x-7z-compressed|msword|rtf|vnd\.[a-z0-9.+-]+))$/;

/** Never HTML, SVG, XML or script, whatever the sender declared: those become octet-stream. */
export function downloadType(declared: string): string {
  const t = declared.toLowerCase().split(';')[0]!.trim();
  if (/html|xml|svg|script/.test(t)) return 'application/octet-stream';
  return SAFE_TYPE.test(t) ? t : 'application/octet-stream';
}

/** The headers of every download: the type given, never rendered by the browser nor kept in its cache. */
export function downloadHeaders(reply: FastifyReply, type: string, disposition: string): void {
  reply
    .header('Content-Type', type)
    .header('Content-Disposition', disposition)
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store');
}
