// Helpers of the mail-path API tests (messages.*.test.ts): the real mx and worker on the test's
// services, signed-in members, and sending over SMTP on loopback.
import { findAliasById, insertMessage } from '@app/db';
import { startMx, type MxHandle } from '@app/mx';
import { seal, type Services } from '@app/runtime';
import type { Alias, AuthVerdict, Message, MessageSummary } from '@app/shared';
import { startWorker, type WorkerHandle } from '@app/worker';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { as, build, createMember, login, type TestApp } from './helpers';

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

export interface Reader {
  id: number;
  call: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  /** `/api/account/{id}` + path */
  url: (path?: string) => string;
}

export async function reader(app: FastifyInstance, services: Services, packageId = 1): Promise<Reader> {
  const m = await createMember(services, { packageId });
  const cookie = await login(app, m.handle, m.password);
  return { id: m.account.id, call: as(app, cookie), url: (p = '') => `/api/account/${m.account.id}${p}` };
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => res.json() as T;

export async function newAlias(r: Reader): Promise<Alias> {
  const res = await r.call({ method: 'POST', url: r.url('/alias'), payload: {} });
  if (res.statusCode >= 300) throw new Error(`alias create failed: ${res.statusCode} ${res.body}`);
  return json<{ alias: Alias }>(res).alias;
}

export async function send(port: number, mail: SendMailOptions) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

export async function waitForMessages(r: Reader, aliasId: number, n = 1, ms = 20_000): Promise<MessageSummary[]> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await r.call({ method: 'GET', url: r.url(`/alias/${aliasId}/messages`) });
    const list = json<{ messages?: MessageSummary[] }>(res).messages ?? [];
    if (list.length >= n) return list;
    if (Date.now() > end) throw new Error(`timed out waiting for ${n} message(s): ${res.statusCode} ${res.body.slice(0, 200)}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

export async function getMessage(r: Reader, aliasId: number, messageId: number): Promise<Message> {
  const res = await r.call({ method: 'GET', url: r.url(`/alias/${aliasId}/message/${messageId}`) });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return json<{ message: Message }>(res).message;
}

/** Many messages at once, stored the way ingest stores them (for pagination and counters). */
export async function storeMessages(services: Services, aliasId: number, n: number): Promise<number[]> {
  const { db } = services.database;
  const alias = (await findAliasById(db, aliasId))!;
  const aliasKey = await services.keys.aliasKey(db, alias);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const key = await services.keys.create(db, aliasKey);
    const id = await insertMessage(db, {
      aliasId,
      keyId: key.id,
      senderLabel: 'Bulk',
      senderAddress: 'bulk@example.com',
      recipient: 'x',
      subjectSealed: seal(key.key, `bulk ${i}`),
      textSealed: seal(key.key, `text ${i}`),
      rawSealed: seal(key.key, `Subject: bulk ${i}\r\n\r\ntext ${i}\r\n`),
      size: 30,
    });
    ids.push(id!);
  }
  const { adjustAliasCounters } = await import('@app/db');
  await adjustAliasCounters(db, aliasId, { unread: n, total: n });
  return ids;
}

/** Strips the per-request id, so that two error bodies can be compared byte for byte. */
export function withoutRequestId(res: LightMyRequestResponse): string {
  const { requestId: _omit, ...rest } = res.json() as Record<string, unknown>;
  return JSON.stringify(rest);
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
