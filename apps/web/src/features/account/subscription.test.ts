import { afterEach, describe, expect, it } from 'vitest';
import type { Package } from '@app/shared';
import { renewalText, subscriptionActions, upgradePlans, type SubscriptionInfo } from './subscription';
import {
  activeUpgradeWatch,
  endUpgradeWatch,
  forgetCheckout,
  rememberCheckout,
  startUpgradeWatch,
  WATCH_MS,
  watchSatisfied,
} from './upgrade-watch';

const NONE = { address_customization: false, triple_encryption: false, personal_domain: false, data_shredding: false };
const ALL = { address_customization: true, triple_encryption: true, personal_domain: true, data_shredding: true };
const PLUS = { ...NONE, address_customization: true, triple_encryption: true, data_shredding: true };
const LIMITS = { address_count: null, storage_days: null, storage_capacity: null, digest_frequency: null };

function pkg(id: number, label: string, over: Partial<Package> = {}): Package {
  return {
    id,
    handle: label.toLowerCase(),
    label,
    description: `${label} plan`,
    price: 300,
    term: 1,
    stripe_id: `price_${id}`,
    can_cancel: true,
    can_renew: true,
    can_upgrade: true,
    features: NONE,
    limits: LIMITS,
    ...over,
  };
}

/** The seeded catalogue (packages/db seed.ts), in a shuffled order. */
const PACKAGES: Package[] = [
  pkg(5, 'Pro (monthly)', { features: ALL, can_upgrade: false }),
  pkg(1, 'Free', { price: 0, stripe_id: null, can_cancel: false, can_renew: false }),
  pkg(4, 'Plus (yearly)', { term: 12, price: 3000, features: PLUS }),
  pkg(2, 'VIP', { price: 0, stripe_id: null, can_cancel: false, can_renew: false, can_upgrade: false, features: ALL }),
  pkg(6, 'Pro (yearly)', { term: 12, price: 8000, features: ALL, can_upgrade: false }),
  pkg(3, 'Plus (monthly)', { features: PLUS }),
];
const byId = (id: number) => PACKAGES.find((p) => p.id === id)!;

const summary = (current: Package, list = PACKAGES) =>
  upgradePlans(list, current).map((p) => ({
    name: p.name,
    same: p.samePlan,
    options: p.options.map((o) => `${o.pkg.id}:${o.term}`),
  }));

describe('upgradePlans (docs/product.md §6 can_upgrade; Free and VIP are never offered)', () => {
  it('offers Free every paid plan, grouped by plan, monthly before yearly', () => {
    expect(summary(byId(1))).toEqual([
      { name: 'Plus', same: false, options: ['3:monthly', '4:yearly'] },
      { name: 'Pro', same: false, options: ['5:monthly', '6:yearly'] },
    ]);
  });

  it('compares by feature: gains are what the current package lacks', () => {
    const [plus, pro] = upgradePlans(PACKAGES, byId(1));
    expect(plus!.gains).toEqual(['address_customization', 'triple_encryption', 'data_shredding']);
    expect(pro!.gains).toEqual(['address_customization', 'personal_domain', 'triple_encryption', 'data_shredding']);
    const [, proFromPlus] = upgradePlans(PACKAGES, byId(3));
    expect(proFromPlus!.gains).toEqual(['personal_domain']);
  });

  it('leaves out the current package, and marks its other term as the same plan', () => {
    expect(summary(byId(3))).toEqual([
      { name: 'Plus', same: true, options: ['4:yearly'] },
      { name: 'Pro', same: false, options: ['5:monthly', '6:yearly'] },
    ]);
  });

  it('offers nothing when the current package cannot be upgraded (Pro, VIP)', () => {
    expect(upgradePlans(PACKAGES, byId(5))).toEqual([]);
    expect(upgradePlans(PACKAGES, byId(2))).toEqual([]);
  });

  it('never offers ids 1 and 2 or an unpaid package, even when flagged upgradable', () => {
    const list = [...PACKAGES.map((p) => ({ ...p, can_upgrade: true })), pkg(7, 'Gift', { price: 0 })];
    const names = upgradePlans(list, byId(3)).flatMap((p) => p.options.map((o) => o.pkg.id));
    expect(names).toEqual([4, 5, 6]);
  });

  it('a package without a Stripe price is listed but cannot be bought', () => {
    const list = PACKAGES.map((p) => (p.id === 6 ? { ...p, stripe_id: null } : p));
    const pro = upgradePlans(list, byId(1)).find((p) => p.name === 'Pro')!;
    expect(pro.options.map((o) => o.purchasable)).toEqual([true, false]);
  });
});

const info = (packageId: number, status: string | null, over: Partial<SubscriptionInfo> = {}): SubscriptionInfo => ({
  billing: true,
  package: byId(packageId),
  subscription: { package_id: packageId, expires: status ? '2031-03-15T12:00:00.000Z' : null, status },
  ...over,
});

describe('subscriptionActions (docs/product.md §6: the flags control Cancel, Renew and upgrades)', () => {
  it('Free and VIP (not paid through Stripe) have neither Cancel nor Renew', () => {
    expect(subscriptionActions(info(1, null))).toEqual({ cancel: false, renew: false, upgrade: true, enabled: true });
    expect(subscriptionActions(info(2, null))).toEqual({ cancel: false, renew: false, upgrade: false, enabled: true });
  });

  it('an active paid plan can be cancelled, not renewed', () => {
    expect(subscriptionActions(info(3, 'active'))).toMatchObject({ cancel: true, renew: false });
    expect(subscriptionActions(info(3, 'trialing'))).toMatchObject({ cancel: true, renew: false });
    expect(subscriptionActions(info(3, 'past_due'))).toMatchObject({ cancel: true, renew: false });
  });

  it('a plan set to end can be renewed, not cancelled again', () => {
    expect(subscriptionActions(info(3, 'canceling'))).toMatchObject({ cancel: false, renew: true });
  });

  it('an ended subscription offers neither', () => {
    expect(subscriptionActions(info(3, 'canceled'))).toMatchObject({ cancel: false, renew: false });
    expect(subscriptionActions(info(3, 'incomplete_expired'))).toMatchObject({ cancel: false, renew: false });
  });

  it('follows the flags: without can_cancel / can_renew the buttons are not offered', () => {
    const locked = { ...byId(3), can_cancel: false, can_renew: false, can_upgrade: false };
    expect(subscriptionActions(info(3, 'active', { package: locked }))).toEqual({
      cancel: false,
      renew: false,
      upgrade: false,
      enabled: true,
    });
    expect(subscriptionActions(info(3, 'canceling', { package: locked }))).toMatchObject({ renew: false });
  });

  it('billing off: the buttons stay but are disabled', () => {
    expect(subscriptionActions(info(3, 'active', { billing: false }))).toMatchObject({ cancel: true, enabled: false });
  });
});

describe('renewalText', () => {
  it("'Renews on …' while active, 'Ends on …' when canceling", () => {
    expect(renewalText(info(3, 'active').subscription)).toEqual({ text: 'Renews on March 15, 2031', tone: 'ok' });
    expect(renewalText(info(3, 'canceling').subscription)).toEqual({ text: 'Ends on March 15, 2031', tone: 'ending' });
  });
  it('nothing for a plan without an end; an end date for a granted plan', () => {
    expect(renewalText({ package_id: 1, expires: null, status: null })).toBeNull();
    expect(renewalText({ package_id: 3, expires: '2031-03-15T12:00:00Z', status: null })?.text).toBe('Ends on March 15, 2031');
  });
  it('a payment problem says so', () => {
    expect(renewalText(info(3, 'past_due').subscription)?.tone).toBe('problem');
  });
});

describe('upgrade watch (W9: the success URL proves nothing, the server is asked again)', () => {
  afterEach(() => {
    endUpgradeWatch();
    sessionStorage.clear();
  });

  it('watches for the package this tab bought, for WATCH_MS', () => {
    rememberCheckout(3);
    const w = startUpgradeWatch(1000);
    expect(w).toEqual({ target: 3, until: 1000 + WATCH_MS });
    expect(activeUpgradeWatch(1000 + WATCH_MS - 1)).toBe(w);
    expect(watchSatisfied(w, 1, 1)).toBe(false);
    expect(watchSatisfied(w, 3, 1)).toBe(true);
    expect(activeUpgradeWatch(1000 + WATCH_MS)).toBeNull();
    // The pending checkout was consumed.
    expect(startUpgradeWatch(0).target).toBeNull();
  });

  it('without a remembered checkout any change of package counts', () => {
    const w = startUpgradeWatch();
    expect(watchSatisfied(w, 1, 1)).toBe(false);
    expect(watchSatisfied(w, 5, 1)).toBe(true);
  });

  it('a cancelled checkout is forgotten', () => {
    rememberCheckout(4);
    forgetCheckout();
    expect(startUpgradeWatch().target).toBeNull();
  });
});
