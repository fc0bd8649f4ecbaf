import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Package } from '@app/shared';
import PricingPage from './pricing-page';
import { comparablePackages, limitText, planName } from './pricing';

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

describe('pricing (docs/product.md §9: features compared, numbers hidden)', () => {
  it('names plans without their billing term and shows each plan once', () => {
    expect(planName('Plus (monthly)')).toBe('Plus');
    expect(planName('Plus yearly')).toBe('Plus');
    expect(
      comparablePackages([pkg(4, 'Plus (yearly)'), pkg(3, 'Plus (monthly)'), pkg(1, 'Free')]).map((p) => [p.id, p.name]),
    ).toEqual([
      [1, 'Free'],
      [3, 'Plus'],
    ]);
  });

  it('words limits without their numbers', () => {
    expect(limitText('address_count', 25)).toBe('Limited');
    expect(limitText('address_count', null)).toBe('Unlimited');
    expect(limitText('storage_days', null)).toBe('Kept until you delete');
  });

  it('renders no price and no numeric limit', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['init'], {
      packages: [
        pkg(1, 'Free'),
        pkg(3, 'Plus (monthly)', {
          limits: { address_count: null, storage_days: null, storage_capacity: null, digest_frequency: null },
        }),
      ],
      sources: [],
      domains: [],
      keys: {},
    });
    const { container } = render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <PricingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('table');
    const text = container.querySelector('table')!.textContent!;
    expect(text).not.toMatch(/[0-9$€£]/);
    expect(screen.getAllByText('Included').length).toBe(2);
    expect(text).toContain('Unlimited');
  });
});
