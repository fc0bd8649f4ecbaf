import { showFlash } from '../../lib/flash-store';
import { copyText } from '../../lib/clipboard';

/** "Your new alias is …" with a Copy button: the address goes into a sign-up form next. */
export function announceNewAlias(address: string): void {
  showFlash('success', `Your new alias is ${address}.`, {
    label: 'Copy',
    run: () => void copyText(address).then(() => showFlash('success', `Copied ${address}.`)),
  });
}
