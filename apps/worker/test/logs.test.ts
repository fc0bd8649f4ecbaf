// What an operator sees at LOG_LEVEL=info for one message: a line from the mx when it answers DATA
// (accepted or refused) and a line from the worker when it stores it, joined by inboundId, and
// nothing about the message or its owner (docs/security.md DEP10). Real SMTP over loopback.
import { startMx, type MxHandle } from '@app/mx';
import type { Services } from '@app/runtime';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type WorkerHandle } from '../src/index';
import { captureLog, createAliasRow, createMember, testServices, waitFor } from '@app/testing';

let services: Services;
let mx: MxHandle;
let worker: WorkerHandle;
let alias: { id: number; address: string };
const logs = captureLog('info');
const MAX_SIZE = 4096;

beforeAll(async () => {
  services = await testServices();
  services.log = logs.log;
  worker = await startWorker(services, { everyMs: { retention: 0 } });
  mx = await startMx(services, { port: 0, limits: { maxSize: MAX_SIZE } });
  alias = await createAliasRow(services, (await createMember(services)).account.id);
});
afterAll(async () => {
  await mx?.close();
  await worker?.close();
  await services?.close();
});

function send(subject: string, text: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: mx.port, secure: false, ignoreTLS: true });
  return transport.sendMail({ from: '"Shop Team" <team@shop.example>', to: alias.address, subject, text });
}

const withMsg = (msg: string) => logs.lines().filter((l) => l.msg === msg);

describe('logs at info', () => {
  it('the mx logs each accepted message once and the worker its stored line with the same inboundId', async () => {
    await send('Private subject 7f3a', 'A private body.');
    const stored = await waitFor(async () => withMsg('message stored')[0], 20_000, 'the stored line');
    const accepted = withMsg('message accepted');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({
      level: 30,
      inboundId: stored.inboundId,
      client: '127.0.0.1',
      rcpts: 1,
      verdict: 'accepted',
      session: expect.any(String),
      ms: expect.any(Number),
    });
    expect(accepted[0]!.size).toBeGreaterThan(100);
    expect(stored).toMatchObject({ level: 30, component: 'ingest', result: 'stored', ms: expect.any(Number) });
    // Neither the subject, the body, the alias owner's address nor the sender's address.
    const text = logs.text();
    for (const secret of ['Private subject 7f3a', 'A private body', alias.address, 'team@shop.example']) {
      expect(text).not.toContain(secret);
    }
  });

  it('the mx logs a refused message with its verdict and size', async () => {
    await expect(send('Too big', 'x'.repeat(MAX_SIZE * 2))).rejects.toThrow(/552/);
    const refused = await waitFor(async () => withMsg('message refused')[0], 10_000, 'the refused line');
    expect(refused).toMatchObject({ level: 30, client: '127.0.0.1', verdict: 'tooBig', rcpts: 1 });
    expect(refused.size).toBeGreaterThan(MAX_SIZE);
    expect(refused.inboundId).toBeUndefined();
  });
});
