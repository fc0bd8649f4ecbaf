import { createServer, type Server } from 'node:http';

/**
 * A local server speaking the few Stripe API calls the product makes, so the real `stripe` SDK
 * can be driven without reaching Stripe (STRIPE_API_BASE points here).
 */
export interface StripeStandIn {
  url: string;
  checkouts: URLSearchParams[];
  subscriptions: Map<string, Record<string, unknown>>;
  /** Recurring prices by id, as `GET /v1/prices/:id` answers them. */
  prices: Map<string, { unit_amount: number; currency: string; interval: 'month' | 'year' }>;
  close(): Promise<void>;
}

export function subscriptionObject(id: string, price: string, status = 'active', accountId = '0') {
  return {
    id,
    object: 'subscription',
    status,
    cancel_at_period_end: false,
    metadata: { account_id: accountId },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400,
          price: { id: price, object: 'price' },
        },
      ],
    },
  };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const checkouts: URLSearchParams[] = [];
  const subscriptions = new Map<string, Record<string, unknown>>();
  const prices: StripeStandIn['prices'] = new Map();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== 'Bearer sk_test_standin')
        return send(401, { error: { type: 'invalid_request_error', message: 'bad key' } });
      const url = new URL(req.url!, 'http://x');
      const form = new URLSearchParams(body);
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        checkouts.push(form);
        const id = `cs_test_${checkouts.length}`;
        return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/pay/${id}` });
      }
      const price = /^\/v1\/prices\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && price) {
        const p = prices.get(price[1]!);
        if (!p) return send(404, { error: { type: 'invalid_request_error', message: 'No such price' } });
        const { interval, ...rest } = p;
        return send(200, { id: price[1], object: 'price', ...rest, recurring: { interval, interval_count: 1 } });
      }
      const m = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      const sub = m && subscriptions.get(m[1]!);
      if (m && !sub) return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (sub && req.method === 'GET') return send(200, sub);
      if (sub && req.method === 'POST') {
        if (form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        const price = form.get('items[0][price]');
        if (price) (sub.items as { data: Array<{ price: { id: string } }> }).data[0]!.price.id = price;
        return send(200, sub);
      }
      send(404, { error: { type: 'invalid_request_error', message: `unknown ${req.method} ${url.pathname}` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    checkouts,
    subscriptions,
    prices,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
