import { describe, expect, it } from 'vitest';
import { ConnectionPlaces, isMalformedSender, networkOf } from './guard';

describe('networkOf', () => {
  it.each([
    ['192.0.2.17', '192.0.2.0/24'],
    ['::ffff:192.0.2.200', '192.0.2.0/24'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0db8:0000:0002::9', '2001:db8:0:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s is in %s', (ip, net) => expect(networkOf(ip)).toBe(net));
});

describe('ConnectionPlaces', () => {
  it('limits per address and per network, and gives places back', () => {
    const p = new ConnectionPlaces(2, 3);
    expect([p.take('192.0.2.1'), p.take('192.0.2.1'), p.take('192.0.2.1')]).toEqual([true, true, false]);
    expect(p.take('192.0.2.2')).toBe(true);
    expect(p.take('192.0.2.3')).toBe(false);
    expect(p.take('198.51.100.1')).toBe(true);
    p.release('192.0.2.1');
    expect(p.take('192.0.2.3')).toBe(true);
  });
});

describe('isMalformedSender', () => {
  it.each(['', 'a@example.com', 'first.last+tag@mail.example.co.uk', 'x@xn--bcher-kva.example', 'ü@bücher.example'])(
    'accepts %j',
    (a) => expect(isMalformedSender(a)).toBe(false),
  );
  it.each(['root@localhost', 'a@[192.0.2.1]', 'a@example.123', 'a@-bad.example', 'noat', '@example.com', 'a@example..com'])(
    'refuses %j',
    (a) => expect(isMalformedSender(a)).toBe(true),
  );
});
