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
    ['2001:DB8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::192.0.2.1', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
  ])('%s is in %s', (ip, net) => expect(networkOf(ip)).toBe(net));

  it('names one /64 the same whatever the address is written like, and a neighbour differently', () => {
    const forms = ['2001:db8:a:b::1', '2001:0DB8:000A:000B:0:0:0:2', '2001:db8:a:b:1:2:3:4', '2001:db8:a:b::'];
    expect(new Set(forms.map(networkOf)).size).toBe(1);
    expect(networkOf('2001:db8:a:c::1')).not.toBe(networkOf(forms[0]!));
    expect(networkOf('192.0.2.1')).toBe(networkOf('192.0.2.254'));
    expect(networkOf('192.0.2.1')).not.toBe(networkOf('192.0.3.1'));
  });
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
