import { useEffect } from 'react';
import { ALL_SCROLL_CLASSES, scrollClasses } from '../../lib/scroll';

/** Keeps the scroll classes of docs/product.md §2 on <html> in step with the page's scroll position. */
export function useScrollClasses(): void {
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const update = () => {
      frame = 0;
      const want = new Set(scrollClasses(window.scrollY));
      for (const c of ALL_SCROLL_CLASSES) root.classList.toggle(c, want.has(c));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
