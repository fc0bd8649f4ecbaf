import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Package, PlanPrice } from '@app/shared';
import PricingPage from './pricing-page';
import { comparablePackages, FEATURE_ROWS, LIMIT_ROWS, limitText, planName, priceText } from './pricing';

const pkg = (id: number, label: string, over: Partial<Package> = {}): Package => ({
  id,
  handle: label.toLowerCase(),
  label,
  description: `${label} plan`,
  price: 4.99 * id,
  term: label.includes('yearly') ? 12 : 1,
  stripe_id: 'price_123',
  can_cancel: true,
  can_renew: true,
  can_upgrade: true,
  features: { address_customization: id > 1, triple_encryption: false, personal_domain: false, data_shredding: id > 1 },
  limits: { address_count: 25, storage_days: 30, storage_capacity: 512, digest_frequency: 'W' },
  ...over,
});

describe('pricing (docs/product.md §9: features compared in plain words, numbers only when shown)', () => {
  it('names plans without their billing term, shows each plan once, and no column for a plan nobody can buy', () => {
    expect(planName('Plus (monthly)')).toBe('Plus');
    expect(planName('Plus yearly')).toBe('Plus');
    const vip = pkg(2, 'VIP', { price: 0 });
    const prices = [
      { package_id: 3, amount: 450, currency: 'eur', interval: 'month' },
      { package_id: 4, amount: 4500, currency: 'eur', interval: 'year' },
    ];
    const plans = comparablePackages(
      [pkg(4, 'Plus (yearly)'), vip, pkg(3, 'Plus (monthly)'), pkg(1, 'Free', { price: 0 })],
      prices,
    );
    expect(plans.map((p) => [p.id, p.name])).toEqual([
      [1, 'Free'],
      [3, 'Plus'],
    ]);
    expect(plans[1]!.prices.map(priceText)).toEqual(['€4.50 a month', '€45 a year']);
  });

  it('words limits: numbers only when the operator shows them', () => {
    expect(limitText('address_count', 25)).toBe('Limited');
    expect(limitText('address_count', null)).toBe('Unlimited');
    expect(limitText('storage_days', null)).toBe('Kept until you delete');
    expect(limitText('address_count', 25, true)).toBe('25 aliases');
    expect(limitText('storage_days', 7, true)).toBe('7 days');
    expect(limitText('storage_capacity', 1500, true)).toBe('1.5 GB');
    expect(limitText('storage_capacity', null, true)).toBe('Unlimited');
  });

  it('explains every feature in plain words, without jargon standing alone', () => {
    for (const row of [...FEATURE_ROWS, ...LIMIT_ROWS]) {
      expect(row.explain.length).toBeGreaterThan(20);
      expect(row.explain.toLowerCase()).not.toContain(row.label.toLowerCase());
    }
  });

  const renderPricing = async (pricing: { numbers: boolean; prices: PlanPrice[] }) => {
    const qc = new QueryClient();
    qc.setQueryData(['init'], {
      packages: [
        pkg(1, 'Free', { price: 0 }),
        pkg(2, 'VIP', { price: 0 }),
        pkg(3, 'Plus (monthly)', {
          limits: { address_count: null, storage_days: null, storage_capacity: null, digest_frequency: null },
        }),
      ],
      sources: [],
      domains: [],
      keys: {},
      pricing,
    });
    const view = render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <PricingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('table');
    return view;
  };

  it('by default renders no price and no numeric limit, and no VIP', async () => {
    const { container } = await renderPricing({ numbers: false, prices: [] });
    const text = container.textContent!;
    expect(text).not.toMatch(/[0-9$€£]/);
    expect(text).not.toContain('VIP');
    expect(screen.getAllByText('Included').length).toBe(2);
    expect(text).toContain('Unlimited');
    expect(screen.getByRole('heading', { name: 'Plus' })).toBeTruthy();
    expect(text).toContain('Adds to Free');
  });

  it('with numbers shown: the limits and the prices from the payment provider', async () => {
    const { container } = await renderPricing({
      numbers: true,
      prices: [{ package_id: 3, amount: 450, currency: 'eur', interval: 'month' }],
    });
    const text = container.textContent!;
    expect(text).toContain('25 aliases');
    expect(text).toContain('€4.50 a month');
  });
});
