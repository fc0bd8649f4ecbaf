// Where the extension keeps its sign-in: extension storage only (docs/extension.md "Privacy").
// Content scripts never read it, and no web page can: the token reaches only the background
// worker and the extension's own pages.
import { EXTENSION_CONNECT_WINDOW_MS } from '@app/shared/extension';
import { browser } from 'wxt/browser';

export interface Settings {
  /** The server's origin, e.g. https://mail.example.org. */
  server: string;
  /** A personal API token with the write scope. */
  token: string;
  /** The account the token belongs to (the `{id}` of /api/account/{id}/… calls). */
  accountId: number;
}

const KEY = 'settings';

export async function loadSettings(): Promise<Settings | null> {
  const stored = (await browser.storage.local.get(KEY))[KEY] as Settings | undefined;
  return stored?.server && stored.token ? stored : null;
}

export async function saveSettings(settings: Settings): Promise<void> {
  await browser.storage.local.set({ [KEY]: settings });
}

export async function clearSettings(): Promise<void> {
  await browser.storage.local.remove(KEY);
}

const CONNECT_KEY = 'connect';

/**
 * The user asked, in the extension, to connect through the web app at `origin`: for a while, a
 * token handed over on that origin's page is taken (`storage.session`: gone when the browser closes,
 * and out of content scripts' reach).
 */
export async function startConnect(origin: string): Promise<void> {
  await browser.storage.session.set({ [CONNECT_KEY]: { origin, until: Date.now() + EXTENSION_CONNECT_WINDOW_MS } });
}

/** Whether a connection to `origin` was started and is still open; it is used up when it was. */
export async function takeConnect(origin: string): Promise<boolean> {
  const pending = (await browser.storage.session.get(CONNECT_KEY))[CONNECT_KEY] as { origin: string; until: number } | undefined;
  if (pending?.origin !== origin || pending.until < Date.now()) return false;
  await browser.storage.session.remove(CONNECT_KEY);
  return true;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|.+\.localhost)$/i;

/**
 * The server's origin from what the user typed. A token is a password, so it travels only over
 * HTTPS; plain HTTP is accepted for a server on this machine (loopback) alone.
 */
export function serverOrigin(input: string): string {
  const trimmed = input.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw new Error('This is not a server address. Enter one like https://mail.example.org.');
  }
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname)) {
    throw new Error('The server must use https:// (plain http:// only for a server on this computer).');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The server address must start with https://.');
  return url.origin;
}
