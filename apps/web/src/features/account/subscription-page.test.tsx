import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderArgs } from '../../router/data-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FLASH, type Package, type User } from '@app/shared';
import { authKey } from '../auth/queries';
import { dismissFlash, getFlash } from '../../lib/flash-store';
import { initQuery } from '../init/queries';
import { checkoutNavigation } from './mutations';
import type { SubscriptionInfo } from './subscription';
import SubscriptionPage, { BILLING_OFF_TEXT, SubscriptionView } from './subscription-page';
import { loader as successLoader } from './subscription-success-page';
import { loader as cancelLoader } from './subscription-cancel-page';
import { activeUpgradeWatch, endUpgradeWatch, rememberCheckout } from './upgrade-watch';
import { subscriptionKeys } from './queries';
import { ConfirmDialog } from '../../components/confirm-dialog';

const NONE = { address_customization: false, triple_encryption: false, personal_domain: false, data_shredding: false };
const ALL = { address_customization: true, triple_encryption: true, personal_domain: true, data_shredding: true };
const LIMITS = { address_count: 10, storage_days: 7, storage_capacity: 100, digest_frequency: 'M' };
const base = { description: '', price: 300, term: 1, can_cancel: true, can_renew: true, can_upgrade: true, limits: LIMITS };
const FREE: Package = {
  ...base,
  id: 1,
  handle: 'free',
  label: 'Free',
  price: 0,
  stripe_id: null,
  can_cancel: false,
  can_renew: false,
  features: NONE,
};
const VIP: Package = {
  ...base,
  id: 2,
  handle: 'vip',
  label: 'VIP',
  price: 0,
  stripe_id: null,
  can_upgrade: false,
  features: ALL,
};
const PLUS_M: Package = {
  ...base,
  id: 3,
  handle: 'plus-monthly',
  label: 'Plus (monthly)',
  stripe_id: 'price_plus_m',
  features: { ...NONE, triple_encryption: true },
};
const PLUS_Y: Package = { ...PLUS_M, id: 4, handle: 'plus-yearly', label: 'Plus (yearly)', term: 12, stripe_id: 'price_plus_y' };
const PRO_M: Package = {
  ...base,
  id: 5,
  handle: 'pro-monthly',
  label: 'Pro (monthly)',
  stripe_id: 'price_pro_m',
  can_upgrade: false,
  features: ALL,
};
const PACKAGES = [FREE, VIP, PLUS_M, PLUS_Y, PRO_M];

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

function info(pkg: Package, status: string | null, billing = true): SubscriptionInfo {
  return {
    billing,
    package: pkg,
    subscription: { package_id: pkg.id, expires: status ? '2031-03-15T12:00:00.000Z' : null, status },
  };
}

function client() {
  // Seeded data stays fresh: only the calls a test is about reach its fetch stub.
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(authKey, USER);
  qc.setQueryData(initQuery.queryKey, { packages: PACKAGES, sources: [], domains: [], keys: {}, trash_grace_minutes: 10 });
  return qc;
}

function renderView(data: SubscriptionInfo) {
  const qc = client();
  render(
    <QueryClientProvider client={qc}>
      <SubscriptionView user={USER} info={data} packages={PACKAGES} />
      <ConfirmDialog />
    </QueryClientProvider>,
  );
  return qc;
}

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const card = (plan: string) => within(screen.getByRole('article', { name: plan }));

beforeEach(() => {
  dismissFlash();
  sessionStorage.clear();
  endUpgradeWatch();
});
afterEach(() => vi.unstubAllGlobals());

describe('Subscription screen (docs/product.md §2 "Subscription", §6 flags)', () => {
  it('Free: the current plan with its features, upgrades compared by feature with monthly and yearly, no Cancel or Renew', () => {
    renderView(info(FREE, null));
    const current = within(screen.getByRole('region', { name: 'Free' }));
    expect(current.getByText('Triple encryption')).toBeTruthy();
    expect(screen.queryByTestId('renewal')).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Renew/ })).toBeNull();

    // Plus and Pro, never Free or VIP; Plus by term.
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-plan'))).toEqual(['Plus', 'Pro']);
    expect(card('Plus').getByText('Monthly')).toBeTruthy();
    expect(card('Plus').getByText('Yearly')).toBeTruthy();
    expect(card('Pro').getAllByText('New')).toHaveLength(4);
    expect(button('Upgrade to Plus (monthly)').disabled).toBe(false);
    expect(button('Upgrade to Plus (yearly)').disabled).toBe(false);
    // docs/product.md §9: no prices or numeric limits.
    expect(document.body.textContent).not.toMatch(/\$|€|\b300\b|\b100\b/);
  });

  it('active paid plan: renews on its date, Cancel (after confirmation) posts and shows the date it ends', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        return json({ success: true, msg: 'Your subscription will end on 2031-03-15.' });
      }),
    );
    renderView(info(PLUS_M, 'active'));
    expect(screen.getByTestId('renewal').textContent).toBe('Renews on March 15, 2031');
    expect(screen.queryByRole('button', { name: /Renew/ })).toBeNull();
    // The other term of the same plan is a switch; Pro an upgrade.
    expect(card('Plus').getByRole('button', { name: 'Switch to Plus (yearly)' })).toBeTruthy();
    expect(card('Pro').getByRole('button', { name: 'Upgrade to Pro (monthly)' })).toBeTruthy();

    fireEvent.click(button('Cancel subscription'));
    // The in-app dialog says what will happen; nothing is posted before its button.
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' }));
    expect(dialog.getByText(/stays active until March 15, 2031/)).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(calls).toContain('POST /api/account/7/subscription/cancel'));
    await waitFor(() => expect(getFlash()?.message).toBe('Your subscription will end on 2031-03-15.'));
  });

  it('canceling: Ends on …, Renew instead of Cancel', () => {
    renderView(info(PLUS_M, 'canceling'));
    expect(screen.getByTestId('renewal').textContent).toBe('Ends on March 15, 2031');
    expect(button('Renew subscription').disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('a package that cannot be upgraded lists no upgrades (Pro, VIP)', () => {
    renderView(info(PRO_M, 'active'));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('Your plan already includes every feature.')).toBeTruthy();
    expect(button('Cancel subscription')).toBeTruthy();
  });

  it('billing off: says so, and every button is disabled', () => {
    renderView(info(PLUS_M, 'canceling', false));
    expect(screen.getByTestId('billing-off').textContent).toBe(BILLING_OFF_TEXT);
    expect(button('Renew subscription').disabled).toBe(true);
    for (const b of screen.getAllByRole('button', { name: /^(Upgrade|Switch) to / }) as HTMLButtonElement[])
      expect(b.disabled).toBe(true);
  });

  it('Upgrade sends only the package id and leaves for the hosted checkout', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return json({ success: true, url: 'https://checkout.stripe.test/pay/cs_1' });
      }),
    );
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => {});
    renderView(info(FREE, null));
    fireEvent.click(button('Upgrade to Plus (yearly)'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_1'));
    expect(bodies).toEqual([{ package_id: 4 }]);
    expect(button('Upgrade to Plus (yearly)').textContent).toBe('Redirecting…');
    expect(button('Upgrade to Plus (monthly)').disabled).toBe(true);
    expect(JSON.parse(sessionStorage.getItem('alias.checkout')!)).toEqual({ packageId: 4 });
  });

  it('a checkout address that is not http(s) is not followed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: true, url: 'javascript:alert(1)' })),
    );
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => {});
    renderView(info(FREE, null));
    fireEvent.click(button('Upgrade to Plus (monthly)'));
    await waitFor(() => expect(button('Upgrade to Plus (monthly)').disabled).toBe(false));
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('back from the hosted checkout (docs/product.md §4, docs/security.md W9)', () => {
  const success = () => successLoader({} as LoaderArgs, USER);

  it('success: the flash, a redirect to the Subscription screen, and a watch for the bought package', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: true, ...info(FREE, null) })),
    );
    rememberCheckout(3);
    const res = await success();
    expect(res.to).toBe('/account/subscription');
    expect(getFlash()).toMatchObject({ type: 'success', message: FLASH.upgradeOk });
    expect(activeUpgradeWatch()?.target).toBe(3);
  });

  it('success on a server without billing: no flash, no watch, only the Subscription screen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: true, ...info(FREE, null, false) })),
    );
    rememberCheckout(3);
    const res = await success();
    expect(res.to).toBe('/account/subscription');
    expect(getFlash()).toBeNull();
    expect(activeUpgradeWatch()).toBeNull();
    expect(sessionStorage.getItem('alias.checkout')).toBeNull();
  });

  it('cancel: the danger flash and a redirect; nothing is watched', () => {
    rememberCheckout(3);
    const res = cancelLoader();
    expect(res.to).toBe('/account/subscription');
    expect(getFlash()).toMatchObject({ type: 'danger', message: FLASH.upgradeCancelled });
    expect(activeUpgradeWatch()).toBeNull();
    expect(sessionStorage.getItem('alias.checkout')).toBeNull();
  });

  it('after success the screen asks again until the webhook has changed the plan', async () => {
    let packageNow: Package = FREE;
    const gets = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/account/7/subscription') {
          gets();
          return json({ success: true, ...info(packageNow, packageNow === FREE ? null : 'active') });
        }
        return json({ success: true, user: USER });
      }),
    );
    rememberCheckout(3);
    await success();
    const qc = client();
    qc.setQueryData(subscriptionKeys.all(7), info(FREE, null));
    render(
      <QueryClientProvider client={qc}>
        <SubscriptionPage />
      </QueryClientProvider>,
    );
    screen.getByText('Confirming your upgrade with the payment provider…');
    expect(screen.getByRole('region', { name: 'Free' })).toBeTruthy();
    packageNow = PLUS_M; // the webhook arrives
    await screen.findByRole('region', { name: 'Plus (monthly)' });
    await waitFor(() => expect(screen.queryByText('Confirming your upgrade with the payment provider…')).toBeNull());
    expect(gets.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(activeUpgradeWatch()).toBeNull();
  });
});
