import { showFlash } from '../../lib/flash-store';
import { copyAddress } from './copy-shortcut';

/** "Your new alias is …" with a Copy button: the address goes into a sign-up form next. */
export function announceNewAlias(address: string): void {
  showFlash('success', `Your new alias is ${address}.`, { label: 'Copy', run: () => void copyAddress(address) });
}
