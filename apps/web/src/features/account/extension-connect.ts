// The web app's half of "Connect the browser extension" (docs/extension.md): a fresh token is posted
// to this window, where only the extension's content script listens, and the extension answers.
import {
  EXTENSION_CONNECT,
  EXTENSION_CONNECT_WAIT_MS,
  EXTENSION_CONNECTED,
  type ExtensionConnectedMessage,
  type ExtensionConnectMessage,
} from '@app/shared';

/** The extension's answer, or null when none came (no extension, or an older one). */
export function handToExtension(token: string): Promise<ExtensionConnectedMessage | null> {
  return new Promise((resolve) => {
    const origin = window.location.origin;
    const onMessage = (e: MessageEvent<ExtensionConnectedMessage>) => {
      if (e.source === window && e.origin === origin && e.data?.type === EXTENSION_CONNECTED) done(e.data);
    };
    const timer = setTimeout(() => done(null), EXTENSION_CONNECT_WAIT_MS);
    function done(answer: ExtensionConnectedMessage | null) {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      resolve(answer);
    }
    window.addEventListener('message', onMessage);
    const message: ExtensionConnectMessage = { type: EXTENSION_CONNECT, token };
    window.postMessage(message, origin);
  });
}
