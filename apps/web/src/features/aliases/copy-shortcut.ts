import { useEffect } from 'react';
import { copyText } from '../../lib/clipboard';
import { isTyping } from '../../lib/keyboard';
import { showFlash } from '../../lib/flash-store';

/** `c` on any screen of an alias copies its address (the shortcut list in app/shell/shortcut-help.tsx names it). */
export function useCopyShortcut(address: string): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'c' || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      e.preventDefault();
      void copyText(address).then(() => showFlash('success', `Copied ${address}.`));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [address]);
}
