import { LiveEventSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rawAnswer } from '../../contract';
import { AppError } from '../../errors';
import { AccountParamsSchema } from '../../ownership';
import { MAX_STREAMS_PER_ACCOUNT } from './streams';
import { requireSelf, sessionStillLive } from '../sign-in/sessions';

/** A comment line often enough that proxies keep the stream open; the session is re-checked as often. */
const HEARTBEAT_MS = 25_000;

/**
 * Live updates for the account's open pages (docs/architecture.md §4): a Server-Sent Events stream of
 * new-message and counter events; the SPA's 60 s poll stays as the fallback. A stream lives no
 * longer than its session (docs/security.md W1): it re-checks the session whenever the account's sessions
 * change (logout, reset, suspension, announced on the event bus) and at every heartbeat.
 */
const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<() => void>();
  const perAccount = new Map<number, number>();
  // End the streams before the server closes, or close would wait for them forever.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  const stream = rawAnswer(
    'text/event-stream',
    'Server-Sent Events: each event is named by its type; its data is one LiveEvent.',
    LiveEventSchema,
  );
  app.get('/account/:id/events', { schema: { params: AccountParamsSchema, response: stream } }, async (request, reply) => {
    const account = await requireSelf(request, reply, request.params.id);
    const session = request.sessionState!;
    const streams = perAccount.get(account.id) ?? 0;
    if (streams >= MAX_STREAMS_PER_ACCOUNT)
      throw new AppError('RATE_LIMITED', 'Too many open pages. Please close some and reload.');
    perAccount.set(account.id, streams + 1);
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
    const recheck = () =>
      void sessionStillLive(app.services, session).then(
        (live) => live || end(),
        () => undefined,
      );
    // The stream is written by hand, so its events go through their schema here: only the
    // declared fields leave, and anything else published is dropped.
    const off = app.services.events.subscribe(account.id, (published) => {
      if (published.type === 'session') return recheck();
      const event = LiveEventSchema.safeParse(published);
      if (event.success) res.write(`event: ${event.data.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    });
    const heartbeat = setInterval(() => {
      res.write(': ping\n\n');
      recheck();
    }, HEARTBEAT_MS);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      off();
      open.delete(end);
      const left = (perAccount.get(account.id) ?? 1) - 1;
      if (left > 0) perAccount.set(account.id, left);
      else perAccount.delete(account.id);
      res.end();
    };
    open.add(end);
    request.raw.on('close', end);
  });
};
export default eventRoutes;
