import { LiveEventSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rawAnswer } from '../contract';
import { AccountParamsSchema } from '../ownership';
import { requireSelf } from '../plugins/auth';

/** A comment line often enough that proxies keep the stream open. */
const HEARTBEAT_MS = 25_000;

/**
 * Live updates for the account's open pages (DESIGN.md §4): a Server-Sent Events stream of
 * new-message and counter events; the SPA's 60 s poll stays as the fallback.
 */
const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<() => void>();
  // End the streams before the server closes, or close would wait for them forever.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  const stream = rawAnswer('text/event-stream', 'Server-Sent Events: each event is named by its type; its data is one LiveEvent.', LiveEventSchema);
  app.get('/account/:id/events', { schema: { params: AccountParamsSchema, response: stream } }, async (request, reply) => {
    const account = await requireSelf(request, reply, request.params.id);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 5000\n\n');
    // The stream is written by hand, so its events go through their schema here: only the
    // declared fields leave, and anything else published is dropped.
    const off = app.services.events.subscribe(account.id, (published) => {
      const event = LiveEventSchema.safeParse(published);
      if (event.success) res.write(`event: ${event.data.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      off();
      open.delete(end);
      res.end();
    };
    open.add(end);
    request.raw.on('close', end);
  });
};
export default eventRoutes;
