import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, build, login, type TestApp } from './helpers';
import { createMember, startStripeStandIn, type StripeStandIn, subscriptionObject } from '@app/testing';

const SECRET = 'whsec_test_standin';
const signer = new Stripe('sk_test_standin');

describe('billing with Stripe (stand-in server, real SDK)', () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await build({
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: stripe.url,
      STRIPE_PRICES: 'plus-monthly=price_plus_m,plus-yearly=price_plus_y',
      PUBLIC_URL: 'https://alias.example.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const webhook = (event: object, secret = SECRET) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };
  const packageOf = async (req: ReturnType<typeof as>, id: number) =>
    (await req({ method: 'GET', url: `/api/account/${id}/subscription` })).json().subscription.package_id;

  it('checkout sends only an allowlisted price, and the plan changes only through the verified webhook', async () => {
    const m = await createMember(t.services);
    const cookie = await login(t.app, m.handle, m.password);
    const req = as(t.app, cookie);
    const id = m.account.id;

    const res = await req({ method: 'POST', url: `/api/account/${id}/subscription/checkout`, payload: { package_id: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const sent = stripe.checkouts.at(-1)!;
    expect(sent.get('mode')).toBe('subscription');
    expect(sent.get('line_items[0][price]')).toBe('price_plus_m');
    expect(sent.get('line_items[0][quantity]')).toBe('1');
    expect(sent.get('customer_email')).toBe(m.account.email);
    expect(sent.get('success_url')).toBe('https://alias.example.test/account/subscription/success');
    expect(sent.get('cancel_url')).toBe('https://alias.example.test/account/subscription/cancel');

    // Neither Free, VIP nor an unknown package can be bought.
    for (const package_id of [1, 2, 99]) {
      const bad = await req({ method: 'POST', url: `/api/account/${id}/subscription/checkout`, payload: { package_id } });
      expect(bad.statusCode).toBe(400);
    }
    // Coming back on the success URL with a forged session id changes nothing (W9).
    await req({ method: 'GET', url: '/account/subscription/success?session_id=cs_forged' });
    expect(await packageOf(req, id)).toBe(1);

    // A webhook with a bad signature is refused and changes nothing.
    stripe.subscriptions.set('sub_1', subscriptionObject('sub_1', 'price_plus_m', 'active', String(id)));
    const completed = {
      id: `evt_${id}_1`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          subscription: 'sub_1',
          client_reference_id: String(id),
          customer: 'cus_1',
        },
      },
    };
    expect((await webhook(completed, 'whsec_wrong')).statusCode).toBe(400);
    expect(await packageOf(req, id)).toBe(1);

    // The signed event upgrades; its redelivery is recorded once.
    expect((await webhook(completed)).statusCode).toBe(200);
    expect(await packageOf(req, id)).toBe(3);
    expect((await webhook(completed)).statusCode).toBe(200);
    const events = await t.services.database.db.query.stripeEvents.findMany({ where: (e, { eq }) => eq(e.id, completed.id) });
    expect(events.length).toBe(1);

    // An old 'updated' event claiming cancellation arrives late: Stripe's current state wins.
    const stale = {
      id: `evt_${id}_2`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { ...subscriptionObject('sub_1', 'price_plus_m', 'canceled', String(id)) } },
    };
    expect((await webhook(stale)).statusCode).toBe(200);
    expect(await packageOf(req, id)).toBe(3);

    // A paying account that picks another plan changes its subscription instead of buying a second.
    const checkoutsBefore = stripe.checkouts.length;
    const change = await req({ method: 'POST', url: `/api/account/${id}/subscription/checkout`, payload: { package_id: 4 } });
    expect(change.json()).toMatchObject({ success: true, msg: 'Your plan is now Plus (yearly).', url: null });
    expect(stripe.checkouts.length).toBe(checkoutsBefore);
    expect(await packageOf(req, id)).toBe(4);
    const same = await req({ method: 'POST', url: `/api/account/${id}/subscription/checkout`, payload: { package_id: 4 } });
    expect(same.statusCode).toBe(409);

    // Cancel at period end, then renew.
    const cancel = await req({ method: 'POST', url: `/api/account/${id}/subscription/cancel` });
    expect(cancel.json()).toMatchObject({ success: true });
    expect(cancel.json().msg).toMatch(/^Your subscription will end on \d{4}-\d\d-\d\d\.$/);
    expect((await req({ method: 'GET', url: `/api/account/${id}/subscription` })).json().subscription.status).toBe('canceling');
    const renew = await req({ method: 'POST', url: `/api/account/${id}/subscription/renew` });
    expect(renew.json()).toMatchObject({ success: true, msg: 'Your subscription will renew.' });

    // The subscription ends at Stripe: back to Free.
    stripe.subscriptions.get('sub_1')!.status = 'canceled';
    const deleted = {
      id: `evt_${id}_3`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: subscriptionObject('sub_1', 'price_plus_y', 'canceled', String(id)) },
    };
    expect((await webhook(deleted)).statusCode).toBe(200);
    expect(await packageOf(req, id)).toBe(1);
  });
});

describe('billing not configured', () => {
  it('says so instead of failing', async () => {
    const t = await build();
    try {
      const m = await createMember(t.services);
      const req = as(t.app, await login(t.app, m.handle, m.password));
      const sub = await req({ method: 'GET', url: `/api/account/${m.account.id}/subscription` });
      expect(sub.json()).toMatchObject({ success: true, billing: false, subscription: { package_id: 1 } });
      const res = await req({
        method: 'POST',
        url: `/api/account/${m.account.id}/subscription/checkout`,
        payload: { package_id: 3 },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'BILLING_OFF', msg: 'Billing is not configured.' });
    } finally {
      await t.close();
    }
  });
});
