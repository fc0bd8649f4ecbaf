import type { Attachment } from '@app/shared';
import { sanitizeHtml, textToHtml } from '@app/mail';

/**
 * The viewer's CSP (docs/security.md H2): no script at all (no script source, and a sandbox without
 * allow-scripts), images from this origin (cid: attachments, and the image proxy once the reader
 * allows remote images) and data: only.
 *
 * The sandbox keeps allow-same-origin, which H2 only advises against: without it the document is
 * opaque to the SPA, which then cannot size the frame to the message or follow its background
 * (docs/product.md §2). With no script able to run in it (sanitiser, CSP and sandbox each forbid it), the
 * same origin gives the message nothing to act with.
 */
export const VIEWER_CSP =
  "sandbox allow-same-origin allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; " +
  "img-src 'self' data:; font-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'";

/** Types that may be shown inline by the attachment route (raster images; never SVG). */
export const INLINE_IMAGE = /^image\/(?:png|gif|jpeg|pjpeg|webp|avif|bmp)$/;

export interface RenderInput {
  html: string | null;
  text: string | null;
  attachments: Attachment[];
  /** URL of an attachment shown inline (signed), by attachment id. */
  inlineUrl(attachmentId: number): string;
  /** null: remote images stay blocked; else the signed proxy URL of a remote image. */
  proxyUrl: ((url: string) => string) | null;
}

/** The document the viewer serves: sanitised HTML, or the escaped and linkified text. */
export function renderMessage(input: RenderInput): string {
  if (input.html === null) return '<!doctype html>' + textToHtml(input.text ?? '');
  const byCid = new Map(input.attachments.filter((a) => a.cid).map((a) => [a.cid!.toLowerCase(), a]));
  const { html } = sanitizeHtml(input.html, {
    cidUrl: (cid) => {
      const a = byCid.get(cid.toLowerCase());
      return a && INLINE_IMAGE.test(a.content_type) ? input.inlineUrl(a.id) : null;
    },
    remoteImages: input.proxyUrl ? 'proxy' : 'block',
    proxyUrl: input.proxyUrl ?? undefined,
  });
  // A constant prefix only (standards mode); the sanitiser's output itself is never edited (H1).
  return '<!doctype html>' + html;
}
