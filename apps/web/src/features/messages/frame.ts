// Sizing the HTML viewer frame from its document (docs/product.md §2, docs/architecture.md §5). The frame is same-origin
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
  const html = doc.documentElement;
  const style = win.getComputedStyle(body);
  // The html box holds body's margins and those of its first and last children that collapse
  // through it (a top margin on the first heading lies outside body's own box); body measured from
  // where it starts adds content that overflows it.
  const bodyTop = body.getBoundingClientRect().top + win.scrollY;
  const bodyExtent =
    bodyTop + Math.max(body.getBoundingClientRect().height, body.scrollHeight) + (parseFloat(style.marginBottom) || 0);
  // A mail wider than the frame gets a horizontal scrollbar, which takes height from the content.
  const scrollbar = html.scrollWidth > html.clientWidth ? Math.max(0, win.innerHeight - html.clientHeight) : 0;
  const height = Math.ceil(Math.max(html.getBoundingClientRect().height, bodyExtent) + scrollbar);
  const bodyBg = style.backgroundColor;
  const htmlBg = win.getComputedStyle(doc.documentElement).backgroundColor;
  const background = !TRANSPARENT.test(bodyBg) ? bodyBg : !TRANSPARENT.test(htmlBg) ? htmlBg : '#ffffff';
  return { height, background };
}
