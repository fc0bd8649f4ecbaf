import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchImage, PUBLIC_POLICY, type FetchPolicy } from './image-fetch';

// Loopback only (H6: tests never connect elsewhere). Requests to 127.0.0.1 are treated as
// "public" by the test policy, so that a redirect to another loopback address (127.0.0.2) shows
// the re-check after every hop; the real policy refuses both.
let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.socket.localAddress} ${req.url} cookie=${req.headers.cookie ?? ''} referer=${req.headers.referer ?? ''}`);
    const u = req.url ?? '';
    if (u === '/ok.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end('PNGDATA');
    if (u === '/hop') return res.writeHead(302, { Location: '/ok.png' }).end();
    if (u === '/to-private') return res.writeHead(302, { Location: `http://127.0.0.2:${port}/ok.png` }).end();
    if (u === '/to-metadata') return res.writeHead(301, { Location: 'http://169.254.169.254/latest/x.png' }).end();
    if (u === '/page') return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>x</script>');
    if (u === '/svg') return res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end('<svg onload="x"/>');
    if (u === '/big') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(2048));
    if (u === '/loop') return res.writeHead(302, { Location: '/loop' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '0.0.0.0', ok));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

const policy: FetchPolicy = {
  lookup: async (host) =>
    host === 'images.test'
      ? ['127.0.0.1']
      : host === 'mixed.test'
        ? ['127.0.0.1', '10.0.0.1']
        : Promise.reject(new Error('ENOTFOUND')),
  isAllowed: (ip) => ip === '127.0.0.1',
  maxBytes: 1024,
  timeoutMs: 2000,
  maxRedirects: 3,
};
const url = (path: string, host = 'images.test') => `http://${host}:${port}${path}`;

describe('fetchImage', () => {
  it('fetches a raster image from an allowed address, without cookies or Referer', async () => {
    const r = await fetchImage(url('/ok.png'), policy);
    expect(r).toEqual({ ok: true, contentType: 'image/png', body: Buffer.from('PNGDATA') });
    expect(hits.at(-1)).toMatch(/cookie= referer=$/);
  });

  it('follows a redirect and checks the target again', async () => {
    expect((await fetchImage(url('/hop'), policy)).ok).toBe(true);
    const before = hits.length;
    expect(await fetchImage(url('/to-private'), policy)).toEqual({ ok: false, reason: 'address' });
    expect(await fetchImage(url('/to-metadata'), policy)).toEqual({ ok: false, reason: 'address' });
    // Only the redirecting hop was requested; the private target never was.
    expect(hits.slice(before).every((h) => h.startsWith('127.0.0.1 '))).toBe(true);
  });

  it('refuses a name with any private address, HTML, SVG, oversized bodies and redirect loops', async () => {
    expect(await fetchImage(url('/ok.png', 'mixed.test'), policy)).toEqual({ ok: false, reason: 'address' });
    expect(await fetchImage(url('/page'), policy)).toEqual({ ok: false, reason: 'not an image' });
    expect(await fetchImage(url('/svg'), policy)).toEqual({ ok: false, reason: 'not an image' });
    expect(await fetchImage(url('/big'), policy)).toEqual({ ok: false, reason: 'too large' });
    expect(await fetchImage(url('/loop'), policy)).toEqual({ ok: false, reason: 'too many redirects' });
    expect((await fetchImage('file:///etc/passwd', policy)).ok).toBe(false);
    expect((await fetchImage(`http://user:pw@images.test:${port}/ok.png`, policy)).ok).toBe(false);
  });

  it('with the real policy, loopback and local names are refused before any connection', async () => {
    const before = hits.length;
    for (const u of [
      `http://127.0.0.1:${port}/ok.png`,
      `http://localhost:${port}/ok.png`,
      `http://[::1]:${port}/ok.png`,
      `http://[::ffff:127.0.0.1]:${port}/ok.png`,
      `http://0x7f000001:${port}/ok.png`,
    ]) {
      expect((await fetchImage(u, PUBLIC_POLICY)).ok, u).toBe(false);
    }
    expect(hits.length).toBe(before);
  });
});
