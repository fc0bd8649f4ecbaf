import { describe, expect, it } from 'vitest';
import type { AuthVerdict } from '@app/shared';
import { leakOrganisation, organisationalDomain, senderOrganisation } from './origin';

const verdict = (over: Partial<AuthVerdict>): AuthVerdict => ({
  spf: 'none',
  dkim: 'none',
  dmarc: 'none',
  arc: 'none',
  from: null,
  policy: null,
  sender: 'unverified',
  ...over,
});

describe('organisationalDomain', () => {
  it('keeps the registrable part by the public suffix list, for hosts and addresses', () => {
    expect(organisationalDomain('mail.shop.co.uk')).toBe('shop.co.uk');
    expect(organisationalDomain('News@Promo.Shop.example')).toBe('shop.example');
    expect(organisationalDomain('localhost')).toBe('localhost');
    expect(organisationalDomain('')).toBeNull();
  });
});

describe('leak detection (LK1)', () => {
  it('judges by the From organisation, subdomains included', () => {
    expect(leakOrganisation('shop.example', { from: 'a@mail.shop.example', mailFrom: 'b@esp.example', auth: null })).toBeNull();
    expect(leakOrganisation('shop.example', { from: 'win@spammer.example', mailFrom: '', auth: null })).toBe('spammer.example');
  });

  it("accepts another From domain vouched for by a passing DKIM signature of the origin's organisation", () => {
    const auth = verdict({ from: 'shop@esp.example', dkim: 'pass', signers: ['mail.shop.example'] });
    expect(leakOrganisation('shop.example', { from: 'shop@esp.example', mailFrom: 'bounce@esp.example', auth })).toBeNull();
  });

  it('judges a From that fails DMARC by the envelope sender', () => {
    const auth = verdict({ from: 'alerts@shop.example', dmarc: 'fail', sender: 'failed' });
    expect(senderOrganisation({ from: 'alerts@shop.example', mailFrom: 'x@spammer.example', auth })).toBe('spammer.example');
    expect(leakOrganisation('shop.example', { from: 'alerts@shop.example', mailFrom: 'x@spammer.example', auth })).toBe(
      'spammer.example',
    );
  });
});
