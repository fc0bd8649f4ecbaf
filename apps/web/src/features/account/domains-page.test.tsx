import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Package, User } from '@app/shared';
import { authKey } from '../auth/queries';
import DomainsPage from './domains-page';
import { domainKeys, subscriptionKeys, type AccountDomain } from './queries';

const NONE = { address_customization: false, triple_encryption: false, personal_domain: false, data_shredding: false };
const ALL = { address_customization: true, triple_encryption: true, personal_domain: true, data_shredding: true };
const LIMITS = { address_count: null, storage_days: null, storage_capacity: null, digest_frequency: null };
const base = { description: '', price: 0, term: 1, stripe_id: null, can_cancel: false, can_renew: false, limits: LIMITS };
const FREE: Package = { ...base, id: 1, handle: 'free', label: 'Free', can_upgrade: true, features: NONE };
const VIP: Package = { ...base, id: 2, handle: 'vip', label: 'VIP', can_upgrade: false, features: ALL };

const USER: User = {
  id: 7,
  handle: 'ada_l',
  name: 'Ada',
  email: 'ada@example.com',
  mobile: null,
  site_handle_prefix: false,
  approved: '2024-01-01T00:00:00.000Z',
  registered: '2024-01-01T00:00:00.000Z',
  is_admin: false,
  subscription: { package_id: 1, expires: null },
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

afterEach(() => vi.unstubAllGlobals());

describe('Domains screen (docs/architecture.md §4 "Personal domain")', () => {
  const shared: AccountDomain = { id: 1, handle: 'default', name: 'alias.example.test', personal: false, verified: true };
  const mine: AccountDomain = {
    id: 9,
    handle: 'ada-example',
    name: 'ada.example',
    personal: true,
    verified: false,
    txt_name: '_alias-verify.ada.example',
    txt_value: 'alias-verify=abc123',
    mx_target: 'alias.example.test',
  };

  function renderDomains(pkg: Package, domains: AccountDomain[]) {
    // Seeded data stays fresh: only the calls a test is about reach its fetch stub.
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    qc.setQueryData(authKey, USER);
    qc.setQueryData(subscriptionKeys.all(7), {
      billing: true,
      package: pkg,
      subscription: { package_id: pkg.id, expires: null, status: null },
    });
    qc.setQueryData(domainKeys.all(7), domains);
    render(
      <MemoryRouter>
        <QueryClientProvider client={qc}>
          <DomainsPage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
  }

  it('without the feature: explains why, offers no form; the shared domain is marked shared', () => {
    renderDomains(FREE, [shared]);
    expect(screen.getByTestId('domains-need-feature').textContent).toContain(
      'A personal domain needs a package with the Personal domain feature.',
    );
    expect(screen.queryByLabelText('Domain name')).toBeNull();
    within(screen.getByRole('article', { name: 'alias.example.test' })).getByText('Shared');
  });

  it('with the feature: the records to publish with copy buttons, Verify shows the server message', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ success: false, code: 'VALIDATION', msg: 'The TXT record _alias-verify.ada.example was not found yet.' }, 400),
      ),
    );
    renderDomains(VIP, [shared, mine]);
    expect(screen.getByLabelText('Domain name')).toBeTruthy();
    const c = within(screen.getByRole('article', { name: 'ada.example' }));
    c.getByText('Not verified');
    c.getByText('_alias-verify.ada.example');
    c.getByText('alias-verify=abc123');
    fireEvent.click(c.getByRole('button', { name: 'Copy TXT record value' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('alias-verify=abc123'));
    await c.findByText('Copied!');
    c.getByRole('button', { name: 'Copy MX target' });

    fireEvent.click(c.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(c.getByRole('status').textContent).toBe('The TXT record _alias-verify.ada.example was not found yet.'),
    );
  });

  it('Add is disabled until the name looks like a domain', () => {
    renderDomains(VIP, [shared]);
    const add = button('Add domain');
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Domain name'), { target: { value: 'nodot' } });
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Domain name'), { target: { value: 'mine.example' } });
    expect(add.disabled).toBe(false);
  });
});
