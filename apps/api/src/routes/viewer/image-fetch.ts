import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { PUBLIC_ADDRESSES, pinnedLookup, resolveAllowed, type AddressPolicy } from '@app/mail';

/** Where the image proxy may connect: re-checked after DNS and after every redirect (H6). */
export interface FetchPolicy extends AddressPolicy {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

export const PUBLIC_POLICY: FetchPolicy = {
  ...PUBLIC_ADDRESSES,
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 8000,
  maxRedirects: 3,
};

export type FetchResult = { ok: true; contentType: string; body: Buffer } | { ok: false; reason: string };

// Raster images only: SVG can carry script when opened as a document.
const IMAGE_TYPE = /^image\/(?:png|gif|jpeg|pjpeg|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/;

/**
 * Fetches a remote image for the proxy: http(s) only, every hop's address checked after DNS and
 * the connection pinned to that checked address (no second resolution to rebind), no cookies, no
 * Referer, a size cap and a deadline; only raster image types come back.
 */
export async function fetchImage(rawUrl: string, policy: FetchPolicy = PUBLIC_POLICY): Promise<FetchResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { ok: false, reason: 'bad url' };
  }
  for (let hop = 0; hop <= policy.maxRedirects; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'scheme' };
    if (url.username || url.password) return { ok: false, reason: 'credentials in url' };
    const resolved = await resolveAllowed(url.hostname, policy);
    if (!resolved.ok) return resolved;
    const res = await request(url, resolved.ip, policy).catch((err: Error) => ({ error: err.message }));
    if ('error' in res) return { ok: false, reason: 'fetch' };
    if (res.status >= 300 && res.status < 400 && res.location) {
      try {
        url = new URL(res.location, url);
      } catch {
        return { ok: false, reason: 'bad redirect' };
      }
      continue;
    }
    if (res.status !== 200) return { ok: false, reason: `status ${res.status}` };
    const type = (res.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!IMAGE_TYPE.test(type)) return { ok: false, reason: 'not an image' };
    if (!res.body) return { ok: false, reason: 'too large' };
    return { ok: true, contentType: type, body: res.body };
  }
  return { ok: false, reason: 'too many redirects' };
}

interface RawResponse {
  status: number;
  location?: string;
  contentType?: string;
  /** null when over the size cap. */
  body: Buffer | null;
}

function request(url: URL, ip: string, policy: FetchPolicy): Promise<RawResponse> {
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: url.pathname + url.search,
        method: 'GET',
        headers: { 'User-Agent': 'Mozilla/5.0 (compatible; ImageProxy/1.0)', Accept: 'image/*' },
        // Pin the connection to the address that was checked (no DNS rebinding between check and use).
        lookup: pinnedLookup(ip),
        servername: isIP(url.hostname) ? undefined : url.hostname,
        timeout: policy.timeoutMs,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const meta = { status, location: res.headers.location, contentType: res.headers['content-type'] };
        if (status !== 200) {
          res.resume();
          return resolve({ ...meta, body: Buffer.alloc(0) });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > policy.maxBytes) {
            req.destroy();
            resolve({ ...meta, body: null });
          } else chunks.push(c);
        });
        res.on('end', () => resolve({ ...meta, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error('deadline')), policy.timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}
