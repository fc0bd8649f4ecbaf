// Plain-text bodies with URLs turned into links (docs/product.md §2 "Message display"). The text is split into
// tokens and React builds the elements, so nothing in a message is ever parsed as HTML (docs/security.md H8:
// no innerHTML, hence no way to inject an element or an attribute).

export type Token = { type: 'text'; value: string } | { type: 'link'; value: string; href: string };

// A run that starts like a URL or an address and stops at whitespace, quotes, angle brackets and
// backticks: characters a plain-text URL does not contain and an injection needs.
const CANDIDATE =
  /\bhttps?:\/\/[^\s<>"'`]+|\bwww\.[^\s<>"'`]+|[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}\b/gi;

const TRAILING = /[.,;:!?*_~]+$/;
const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Strips punctuation that ends a sentence rather than the URL, keeping balanced closing brackets. */
function trimUrl(url: string): string {
  let u = url;
  for (;;) {
    const before = u;
    u = u.replace(TRAILING, '');
    const last = u.at(-1);
    const open = last ? PAIRS[last] : undefined;
    if (open && last) {
      const opens = u.split(open).length - 1;
      const closes = u.split(last).length - 1;
      if (closes > opens) u = u.slice(0, -1);
    }
    if (u === before) return u;
  }
}

/** Only http(s) and mailto links are made; anything else stays text. */
export function safeHref(candidate: string): string | null {
  try {
    if (/^mailto:/i.test(candidate)) {
      const addr = candidate.slice(7);
      return /^[^\s@<>"'`]+@[^\s@<>"'`]+$/.test(addr) ? `mailto:${addr}` : null;
    }
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** At most this many links per body (bounded linkification, docs/security.md M2); the rest stays text. */
export const MAX_LINKS = 2000;

export function linkify(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  let links = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const prev = tokens.at(-1);
    if (prev?.type === 'text') prev.value += value;
    else tokens.push({ type: 'text', value });
  };
  for (const m of text.matchAll(CANDIDATE)) {
    if (links >= MAX_LINKS) break;
    const start = m.index;
    const raw = m[0];
    const isEmail = !/^(?:https?:\/\/|www\.)/i.test(raw);
    const value = isEmail ? raw : trimUrl(raw);
    const href = safeHref(isEmail ? `mailto:${value}` : /^www\./i.test(value) ? `https://${value}` : value);
    if (!href || !value) continue;
    pushText(text.slice(last, start));
    tokens.push({ type: 'link', value, href });
    links++;
    last = start + value.length;
  }
  pushText(text.slice(last));
  return tokens;
}
