// Sizing the HTML viewer frame from its document (SPEC §2, DESIGN §5). The frame is same-origin
// (`allow-same-origin`, no scripts), so the page can read the document to fit its height and
// follow its background. If the viewer's own CSP sandbox makes the document opaque, nothing can be
// read and the frame keeps a fixed, scrollable height instead.

export const FRAME_SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

export type FrameMetrics = { height: number; background: string };

const TRANSPARENT = /^(transparent|rgba\(\s*0,\s*0,\s*0,\s*0\s*\))$/i;

export function measureFrame(frame: HTMLIFrameElement): FrameMetrics | null {
  let doc: Document | null = null;
  try {
    doc = frame.contentDocument;
  } catch {
    return null;
  }
  const win = doc?.defaultView;
  if (!doc || !win || !doc.body || doc.URL === 'about:blank') return null;
  const body = doc.body;
  const style = win.getComputedStyle(body);
  const margins = (parseFloat(style.marginTop) || 0) + (parseFloat(style.marginBottom) || 0);
  // body's own height is its content's (not the frame's), so the frame can shrink as well as grow;
  // scrollHeight adds content that overflows the body.
  const height = Math.ceil(Math.max(body.getBoundingClientRect().height, body.scrollHeight) + margins);
  const bodyBg = style.backgroundColor;
  const htmlBg = win.getComputedStyle(doc.documentElement).backgroundColor;
  const background = !TRANSPARENT.test(bodyBg) ? bodyBg : !TRANSPARENT.test(htmlBg) ? htmlBg : '#ffffff';
  return { height, background };
}
