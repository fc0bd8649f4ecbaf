import https from 'node:https';
import { isIP } from 'node:net';
import { pinnedLookup, resolveAllowed, type AddressPolicy } from '@app/mail';

/** How long the sender's server has to answer the one-click POST. */
export const ONE_CLICK_TIMEOUT_MS = 10_000;

export type OneClickResult = { ok: true; status: number } | { ok: false; reason: string; status?: number };

/** RFC 8058 §3.1: the body of the one-click request, form-encoded. */
const BODY = 'List-Unsubscribe=One-Click';

/**
 * The RFC 8058 one-click unsubscribe, made by the server so the reader's browser never contacts
 * the sender (docs/security.md UN1): https only, through the SSRF guard (every address the name
 * resolves to must be public, and the connection is pinned to the checked one), no cookies, no
 * Referer, no Origin, a neutral User-Agent, a deadline, and no redirect followed: the sender's
 * server acts on the POST itself, so a 3xx is its answer, never a hop to elsewhere.
 */
export async function postOneClick(
  rawUrl: string,
  policy: AddressPolicy,
  timeoutMs = ONE_CLICK_TIMEOUT_MS,
): Promise<OneClickResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, reason: 'bad url' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
  if (url.username || url.password) return { ok: false, reason: 'credentials in url' };
  const resolved = await resolveAllowed(url.hostname, policy, Number(url.port || 443));
  if (!resolved.ok) return resolved;
  const status = await post(url, resolved.ip, timeoutMs).catch(() => null);
  if (status === null) return { ok: false, reason: 'fetch' };
  if (status >= 200 && status < 400) return { ok: true, status };
  return { ok: false, reason: 'status', status };
}

function post(url: URL, ip: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: url.pathname + url.search,
        method: 'POST',
        headers: {
          'User-Agent': 'Mozilla/5.0 (compatible; UnsubscribeBot/1.0)',
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': String(Buffer.byteLength(BODY)),
          Accept: '*/*',
        },
        // Pin the connection to the address that was checked (no DNS rebinding between check and use).
        lookup: pinnedLookup(ip),
        servername: isIP(url.hostname) ? undefined : url.hostname,
        timeout: timeoutMs,
        agent: false,
      },
      (res) => {
        // The answer's body is not read: nothing of it is kept or shown.
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error('deadline')), timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(BODY);
  });
}
