import {
  applyPaidSubscription,
  endPaidSubscription,
  findAccountById,
  findEffectivePackage,
  findPackageById,
  findPackageByStripePrice,
  findSubscription,
  recordStripeEvent,
  setStripeCustomer,
  type DbOrTx,
} from '@app/db';
import {
  CheckoutBodySchema,
  CheckoutResponseSchema,
  OkResponseSchema,
  StripeWebhookResponseSchema,
  SubscriptionResponseSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { createStripe, periodEnd, priceOf } from './stripe';
import { answers } from '../../contract';
import { AppError } from '../../errors';
import { AccountParamsSchema } from '../../ownership';
import { requireSelf } from '../sign-in/sessions';
import { serializePackage } from '../../serializers/catalog';

/** Stripe states in which nothing is paid any more: back to Free. */
const ENDED = new Set(['canceled', 'incomplete_expired', 'unpaid']);

/** Applies Stripe's current state of a subscription (never the event's copy: events may arrive out of order). */
async function applyFromStripe(db: DbOrTx, accountId: number, sub: Stripe.Subscription): Promise<void> {
  if (ENDED.has(sub.status)) return endPaidSubscription(db, sub.id);
  const price = priceOf(sub);
  const pkg = price ? await findPackageByStripePrice(db, price) : null;
  if (!pkg) throw new AppError('BAD_REQUEST', 'The subscription is for an unknown price.');
  await applyPaidSubscription(db, accountId, {
    packageId: pkg.id,
    expiresAt: periodEnd(sub),
    stripeSubscriptionId: sub.id,
    status: sub.cancel_at_period_end ? 'canceling' : sub.status,
  });
}

/**
 * Billing (docs/architecture.md §4, docs/security.md W8/W9): Stripe Checkout in subscription mode; the plan changes
 * only through a verified, idempotent webhook, never through the success redirect.
 */
const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.services;
  const stripe = createStripe(config);
  const requireStripe = (): Stripe => {
    if (!stripe) throw new AppError('BILLING_OFF', 'Billing is not configured.');
    return stripe;
  };

  app.get(
    '/account/:id/subscription',
    { schema: { params: AccountParamsSchema, response: answers(SubscriptionResponseSchema) } },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const [sub, pkg] = await Promise.all([
        findSubscription(database.db, account.id),
        findEffectivePackage(database.db, account.id),
      ]);
      return {
        success: true as const,
        billing: stripe !== null,
        package: serializePackage(pkg),
        subscription: {
          package_id: pkg.id,
          expires: sub?.expiresAt?.toISOString() ?? null,
          status: sub?.stripeSubscriptionId ? sub.status : null,
        },
      };
    },
  );

  app.post(
    '/account/:id/subscription/checkout',
    {
      schema: {
        params: AccountParamsSchema,
        body: CheckoutBodySchema,
        response: answers(CheckoutResponseSchema),
      },
    },
    async (request, reply) => {
      const account = await requireSelf(request, reply, request.params.id);
      const client = requireStripe();
      // The client names a package only; the price comes from our own allowlist (W9).
      const pkg = await findPackageById(database.db, request.body.package_id);
      if (!pkg || !pkg.stripeId || pkg.price <= 0) throw new AppError('VALIDATION', 'That package cannot be bought.');
      // A paying account changes its one subscription in place (prorated) instead of buying a second.
      const current = await findSubscription(database.db, account.id);
      if (current?.stripeSubscriptionId && current.expiresAt && current.expiresAt.getTime() > Date.now()) {
        if (current.packageId === pkg.id) throw new AppError('CONFLICT', 'You already have this package.');
        const sub = await client.subscriptions.retrieve(current.stripeSubscriptionId);
        const item = sub.items.data[0];
        if (!item) throw new AppError('INTERNAL', 'The subscription could not be changed.');
        const updated = await client.subscriptions.update(sub.id, {
          items: [{ id: item.id, price: pkg.stripeId }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
        });
        await applyFromStripe(database.db, account.id, updated);
        return { success: true as const, msg: `Your plan is now ${pkg.label}.`, url: null };
      }
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: pkg.stripeId, quantity: 1 }],
        ...(account.stripeCustomerId ? { customer: account.stripeCustomerId } : { customer_email: account.email }),
        client_reference_id: String(account.id),
        subscription_data: { metadata: { account_id: String(account.id) } },
        success_url: new URL('/account/subscription/success', config.PUBLIC_URL).toString(),
        cancel_url: new URL('/account/subscription/cancel', config.PUBLIC_URL).toString(),
      });
      if (!session.url) throw new AppError('INTERNAL', 'Checkout could not be started.');
      return { success: true as const, url: session.url };
    },
  );

  for (const [path, cancel] of [
    ['cancel', true],
    ['renew', false],
  ] as const) {
    app.post(
      `/account/:id/subscription/${path}`,
      { schema: { params: AccountParamsSchema, response: answers(OkResponseSchema) } },
      async (request, reply) => {
        const account = await requireSelf(request, reply, request.params.id);
        const client = requireStripe();
        const [sub, pkg] = await Promise.all([
          findSubscription(database.db, account.id),
          findEffectivePackage(database.db, account.id),
        ]);
        if (!sub?.stripeSubscriptionId) throw new AppError('VALIDATION', 'There is no paid subscription.');
        if (cancel ? !pkg.canCancel : !pkg.canRenew) throw new AppError('FORBIDDEN', 'This package cannot be changed that way.');
        const updated = await client.subscriptions.update(sub.stripeSubscriptionId, { cancel_at_period_end: cancel });
        await applyFromStripe(database.db, account.id, updated);
        const until = periodEnd(updated)?.toISOString().slice(0, 10);
        return {
          success: true as const,
          msg: cancel ? `Your subscription will end on ${until}.` : 'Your subscription will renew.',
        };
      },
    );
  }

  // The webhook needs the exact bytes Stripe signed, so this scope keeps JSON bodies raw.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    hook.post('/stripe/webhook', { schema: { response: answers(StripeWebhookResponseSchema) } }, async (request, reply) => {
      const client = requireStripe();
      if (!config.STRIPE_WEBHOOK_SECRET) throw new AppError('BILLING_OFF', 'Billing is not configured.');
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        // constructEvent checks the signature with a 300 s tolerance (replays are refused).
        event = client.webhooks.constructEvent(request.body as Buffer, String(signature ?? ''), config.STRIPE_WEBHOOK_SECRET);
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid signature.');
      }

      let subscriptionId: string | null = null;
      let accountId = NaN;
      if (event.type === 'checkout.session.completed') {
        const session = event.data.object;
        subscriptionId = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
        accountId = Number(session.client_reference_id);
        const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
        if (customer && Number.isInteger(accountId)) await setStripeCustomer(database.db, accountId, customer);
      } else if (event.type.startsWith('customer.subscription.')) {
        const sub = event.data.object as Stripe.Subscription;
        subscriptionId = sub.id;
        accountId = Number(sub.metadata?.account_id);
      }
      if (!subscriptionId || !Number.isInteger(accountId) || !(await findAccountById(database.db, accountId))) {
        return reply.send({ received: true, ignored: true });
      }
      const current = await client.subscriptions.retrieve(subscriptionId, { expand: ['items.data.price'] });
      await database.db.transaction(async (tx) => {
        if (!(await recordStripeEvent(tx, event.id, event.type))) return;
        await applyFromStripe(tx, accountId, current);
      });
      return reply.send({ received: true });
    });
  });
};
export default billingRoutes;
