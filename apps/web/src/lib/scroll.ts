/** Scroll classes of docs/product.md §2, set on <html>: scroll-0 at the top, scroll-50 and scroll-200 past those depths. */
export const SCROLL_THRESHOLDS = [0, 50, 200] as const;

export function scrollClasses(y: number): string[] {
  const out: string[] = [];
  if (y <= 0) out.push('scroll-0');
  if (y >= 50) out.push('scroll-50');
  if (y >= 200) out.push('scroll-200');
  return out;
}

export const ALL_SCROLL_CLASSES = SCROLL_THRESHOLDS.map((t) => `scroll-${t}`);
