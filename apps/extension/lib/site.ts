// Which site a tab shows, and which aliases belong to it.

/** The host name of a web page's URL, or null for anything that is not an http(s) page. */
export function siteOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.hostname : null;
  } catch {
    return null;
  }
}

/**
 * Whether an alias made for `origin` (the organisational domain the server keeps, e.g.
 * `example.com`) belongs to the page at `hostname` (e.g. `shop.example.com`).
 */
export function belongsToSite(origin: string | null, hostname: string): boolean {
  if (!origin) return false;
  const o = origin.toLowerCase();
  const h = hostname.toLowerCase();
  return h === o || h.endsWith(`.${o}`);
}

/**
 * Whether one of the granted host patterns (`permissions.getAll().origins`, e.g. `https://*\/*`,
 * `*://*.example.org/*`, `<all_urls>`) already lets the extension reach the server at `origin`.
 */
export function originGranted(patterns: readonly string[], origin: string): boolean {
  const url = new URL(origin);
  const scheme = url.protocol.slice(0, -1);
  return patterns.some((pattern) => {
    if (pattern === '<all_urls>') return true;
    const m = /^(\*|https?):\/\/([^/]+)\/(.*)$/.exec(pattern);
    if (!m || m[3] !== '*') return false;
    const [, patternScheme, patternHost] = m as unknown as [string, string, string];
    if (patternScheme !== '*' && patternScheme !== scheme) return false;
    // A pattern's host has no port: it matches every port of that host.
    const host = patternHost.toLowerCase();
    if (host === '*') return true;
    if (host.startsWith('*.')) return url.hostname === host.slice(2) || url.hostname.endsWith(host.slice(1));
    return url.hostname === host;
  });
}
