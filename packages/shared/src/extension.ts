// The hand-over of a fresh API token from the web app to the browser extension (docs/extension.md
// "Connect through the web app"). Plain constants, no schema: the extension's content script bundles
// this file alone (`@app/shared/extension`).

/** The web app → the extension's content script on the app's own page (window.postMessage, same origin). */
export const EXTENSION_CONNECT = 'alias-mail:extension-connect';
/** The extension → the web app: whether it took the token (and, if not, why). */
export const EXTENSION_CONNECTED = 'alias-mail:extension-connected';
/** How long the web app waits for the extension's answer before it shows the token instead. */
export const EXTENSION_CONNECT_WAIT_MS = 5_000;
/** How long a connection started in the extension waits for the web app. */
export const EXTENSION_CONNECT_WINDOW_MS = 10 * 60_000;
/** The label of a token made for the extension. */
export const EXTENSION_TOKEN_LABEL = 'Browser extension';

export interface ExtensionConnectMessage {
  type: typeof EXTENSION_CONNECT;
  token: string;
}

export interface ExtensionConnectedMessage {
  type: typeof EXTENSION_CONNECTED;
  ok: boolean;
  error?: string;
}
