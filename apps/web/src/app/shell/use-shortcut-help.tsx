// `?` anywhere outside a text field opens the keyboard shortcut list; the list itself loads on first use.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { isTyping } from '../../lib/keyboard';

const ShortcutHelp = lazy(() => import('./shortcut-help'));

export function useShortcutHelp(): ReactNode {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return open ? (
    <Suspense fallback={null}>
      <ShortcutHelp onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
