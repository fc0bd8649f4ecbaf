import { PUBLIC_ADDRESSES, withAllowedHosts } from '@app/mail';
import { describe, expect, it } from 'vitest';
import { postOneClick } from './one-click';

// docs/security.md UN1: the one-click POST goes only to public addresses over https; FETCH_ALLOW_HOSTS
// lets exactly its host:port pairs through, nothing else of the same host.
describe('postOneClick refusals', () => {
  it.each([
    ['http://127.0.0.1:9/u', 'scheme'],
    ['https://user:pw@shop.example/u', 'credentials in url'],
    ['https://127.0.0.1:9/u', 'address'],
    ['https://10.0.0.8/u', 'address'],
    ['https://[::1]:9/u', 'address'],
    ['https://169.254.169.254/latest/meta-data', 'address'],
    ['https://localhost:9/u', 'host'],
    ['not a url', 'bad url'],
  ])('%s is refused (%s) before any connection', async (url, reason) => {
    expect(await postOneClick(url, PUBLIC_ADDRESSES)).toEqual({ ok: false, reason });
  });

  it('FETCH_ALLOW_HOSTS lets through its exact host:port only', async () => {
    const policy = withAllowedHosts(PUBLIC_ADDRESSES, ['127.0.0.1:9']);
    expect(await postOneClick('https://127.0.0.1:10/u', policy)).toEqual({ ok: false, reason: 'address' });
    expect(await postOneClick('https://10.0.0.8:9/u', policy)).toEqual({ ok: false, reason: 'address' });
    // Port 9 (discard) is let through to the connection, which nothing answers on loopback.
    expect(await postOneClick('https://127.0.0.1:9/u', policy, 2000)).toEqual({ ok: false, reason: 'fetch' });
    expect(withAllowedHosts(PUBLIC_ADDRESSES, [])).toBe(PUBLIC_ADDRESSES);
  });
});
