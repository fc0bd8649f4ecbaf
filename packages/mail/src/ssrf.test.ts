import { describe, expect, it } from 'vitest';
import { isForbiddenHostname, isPublicAddress, resolveAllowed, type AddressPolicy } from './ssrf';

describe('isPublicAddress (H6)', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.255',
    '169.254.169.254',
    '169.254.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:c0a8:0101',
    '::127.0.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'ff02::1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001:db8::1',
    '[::1]',
    'not-an-ip',
    '',
    '1.2.3',
    '01.2.3.4',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it('flags local host names', () => {
    expect(isForbiddenHostname('localhost')).toBe(true);
    expect(isForbiddenHostname('foo.localhost.')).toBe(true);
    expect(isForbiddenHostname('metadata.google.internal')).toBe(true);
    expect(isForbiddenHostname('example.com')).toBe(false);
  });
});

describe('resolveAllowed (docs/security.md H6, W20)', () => {
  const policy: AddressPolicy = {
    lookup: async (host) =>
      ({ 'ok.test': ['93.184.216.34'], 'mixed.test': ['93.184.216.34', '10.0.0.1'] })[host] ??
      Promise.reject(new Error('ENOTFOUND')),
    isAllowed: isPublicAddress,
  };

  it('gives the one address to connect to only when every address of the name is allowed', async () => {
    expect(await resolveAllowed('ok.test', policy)).toEqual({ ok: true, ip: '93.184.216.34' });
    expect(await resolveAllowed('[2606:4700::1111]', policy)).toEqual({ ok: true, ip: '2606:4700::1111' });
    expect(await resolveAllowed('mixed.test', policy)).toEqual({ ok: false, reason: 'address' });
    expect(await resolveAllowed('[::1]', policy)).toEqual({ ok: false, reason: 'address' });
    expect(await resolveAllowed('169.254.169.254', policy)).toEqual({ ok: false, reason: 'address' });
    expect(await resolveAllowed('nowhere.test', policy)).toEqual({ ok: false, reason: 'dns' });
    expect(await resolveAllowed('push.localhost', policy)).toEqual({ ok: false, reason: 'host' });
  });
});
