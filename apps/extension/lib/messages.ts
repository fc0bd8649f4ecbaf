// What the content script and the background worker say to each other.

/** Content script → background: make an alias for the tab's site. */
export interface CreateAliasRequest {
  type: 'create-alias';
}

/** Background → content script (context menu): fill the focused field with this address. */
export interface FillRequest {
  type: 'fill';
  email: string;
}

export type CreateAliasAnswer = { ok: true; email: string } | { ok: false; error: string };

/** Popup → content script of a page's top frame: which page is this? Answered with its address. */
export interface PageRequest {
  type: 'page';
}

/** Content script of the server's own page → background: the web app handed over a fresh token. */
export interface ConnectRequest {
  type: 'connect';
  token: string;
}

export type ConnectAnswer = { ok: true } | { ok: false; error: string };
