// Helpers of the mail-path API tests (messages.*.test.ts): the real mx and worker on the test's
// services, and reading what arrived.
import { startMx, type MxHandle } from '@app/mx';
import type { AuthVerdict, Message, MessageSummary } from '@app/shared';
import { startWorker, type WorkerHandle } from '@app/worker';
import { json, type Client } from './alias-helpers';
import { build, type TestApp } from './helpers';

export interface MailRig extends TestApp {
  mx: MxHandle;
  worker: WorkerHandle;
}

/** The app plus the mx and the worker, sharing one set of services (like the embedded default). */
export async function mailRig(env: Record<string, string> = {}): Promise<MailRig> {
  const t = await build(env);
  const worker = await startWorker(t.services, { sweepAfterMs: 3000, sweepEveryMs: 1000, everyMs: { retention: 0 } });
  const mx = await startMx(t.services, { port: 0 });
  return {
    ...t,
    mx,
    worker,
    async close() {
      await mx.close();
      await worker.close();
      await t.close();
    },
  };
}

export async function waitForMessages(r: Client, aliasId: number, n = 1, ms = 20_000): Promise<MessageSummary[]> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await r.call({ method: 'GET', url: r.url(`/alias/${aliasId}/messages`) });
    const list = json<{ messages?: MessageSummary[] }>(res).messages ?? [];
    if (list.length >= n) return list;
    if (Date.now() > end) throw new Error(`timed out waiting for ${n} message(s): ${res.statusCode} ${res.body.slice(0, 200)}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

export async function getMessage(r: Client, aliasId: number, messageId: number): Promise<Message> {
  const res = await r.call({ method: 'GET', url: r.url(`/alias/${aliasId}/message/${messageId}`) });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return json<{ message: Message }>(res).message;
}

/** Parses a CSP header into directive → sources. */
export function parseCsp(header: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

/** The verdict of a sender that passed SPF, DKIM and DMARC: replying to it needs no confirmation. */
export const PASS: AuthVerdict = {
  spf: 'pass',
  dkim: 'pass',
  dmarc: 'pass',
  arc: 'none',
  from: null,
  policy: 'reject',
  sender: 'authenticated',
};
