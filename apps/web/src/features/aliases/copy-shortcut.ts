import { useEffect } from 'react';
import { copyText } from '../../lib/clipboard';
import { isTyping } from '../../lib/keyboard';
import { showFlash } from '../../lib/flash-store';

/** Copies an alias address and says so in the flash (the `c` key, the new-alias flash's Copy). */
export function copyAddress(address: string): Promise<void> {
  return copyText(address).then(() => void showFlash('success', `Copied ${address}.`));
}

/** `c` on any screen of an alias copies its address (the shortcut list in app/shell/shortcut-help.tsx names it). */
export function useCopyShortcut(address: string): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'c' || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      e.preventDefault();
      void copyAddress(address);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [address]);
}
