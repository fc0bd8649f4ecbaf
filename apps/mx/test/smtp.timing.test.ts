import { Worker } from 'node:worker_threads';
import { updateAliasFields } from '@app/db';
import type { Services } from '@app/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMx, type MxHandle } from '../src/index';
import { createAliasRow, createMember, MAIL_DOMAIN, rand, testServices } from '@app/testing';

let services: Services;
let mx: MxHandle;
const FLOOR_MS = 50;

beforeAll(async () => {
  // Probing limits out of the way: this file measures the refusals themselves, many per session.
  services = await testServices({ MX_MAX_BAD_RCPTS_PER_IP: '100000', MX_MAX_BAD_RCPTS_PER_NETWORK: '100000' });
  mx = await startMx(services, { port: 0, limits: { refusalFloorMs: FLOOR_MS, maxBadRecipients: 10_000 } });
});
afterAll(async () => {
  await mx?.close();
  if (services) await services.close();
});

/**
 * The SMTP client runs in a worker thread with its own event loop, so what the mx does after a
 * reply (in this same process) never delays the client's clock: it times what a remote prober sees.
 */
const CLIENT = `
const { connect } = require('node:net');
const { workerData, parentPort } = require('node:worker_threads');
const socket = connect({ port: workerData.port, host: '127.0.0.1' });
socket.setNoDelay(true);
socket.setEncoding('latin1');
let buf = '';
let waiter = null;
socket.on('data', (d) => {
  buf += d;
  const m = /(?:^|\\r\\n)\\d{3} [^\\r\\n]*\\r\\n/.exec(buf);
  if (m && waiter) {
    const end = m.index + m[0].length;
    const reply = buf.slice(0, end).trim();
    buf = buf.slice(end);
    const w = waiter;
    waiter = null;
    w(reply);
  }
});
// A closed connection answers every command at once, so that the test fails without waiting.
let closed = false;
socket.on('close', () => {
  closed = true;
  if (waiter) waiter('(closed)');
});
socket.on('error', () => undefined);
const cmd = (line) =>
  new Promise((resolve) => {
    if (closed) return resolve('(closed)');
    waiter = resolve;
    if (line) socket.write(line + '\\r\\n');
  });
(async () => {
  await cmd(null);
  await cmd('EHLO client.test');
  await cmd('MAIL FROM:<probe@example.com>');
  const out = [];
  for (const { reason, address } of workerData.rcpts) {
    const started = performance.now();
    const reply = await cmd('RCPT TO:<' + address + '>');
    out.push({ reason, reply, ms: performance.now() - started });
  }
  socket.end();
  parentPort.postMessage(out);
})();
`;

type Timed = { reason: string; reply: string; ms: number };

function timeRcpts(port: number, rcpts: Array<{ reason: string; address: string }>): Promise<Timed[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: { port, rcpts } });
    worker.once('message', (m: Timed[]) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the client ended (${code}) without an answer`)));
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

describe('RCPT refusals answer in one fixed time (S6)', () => {
  it('unknown, expired, inactive, trashed and restricted aliases are refused after the same time, within noise', async () => {
    const accountId = (await createMember(services)).account.id;
    const expired = await createAliasRow(services, accountId);
    await updateAliasFields(services.database.db, expired.id, { expiresAt: new Date(Date.now() - 60_000) });
    const known = {
      expired: expired.address,
      inactive: (await createAliasRow(services, accountId, { isActive: false })).address,
      trashed: (await createAliasRow(services, accountId, { isTrashed: true })).address,
      restricted: (await createAliasRow(services, accountId, { isWhitelisted: true })).address,
    };
    const reasons = ['unknown', ...Object.keys(known)];
    const rcpts: Array<{ reason: string; address: string }> = [];
    for (let round = 0; round < 30; round++) {
      // A new order every round, so that drift over the run weighs on every reason alike.
      for (const reason of [...reasons].sort(() => Math.random() - 0.5)) {
        rcpts.push({ reason, address: known[reason as keyof typeof known] ?? `nobody-${rand()}@${MAIL_DOMAIN}` });
      }
    }
    const timed = await timeRcpts(mx.port, rcpts);
    expect(timed).toHaveLength(rcpts.length);
    for (const t of timed) expect(t.reply, t.reason).toMatch(/^550 5\.1\.1 /);
    const medians = Object.fromEntries(reasons.map((r) => [r, median(timed.filter((t) => t.reason === r).map((t) => t.ms))]));
    const values = Object.values(medians);
    // The floor is what answers: no reason is faster than it, and the reasons differ by noise only.
    expect(Math.min(...values), JSON.stringify(medians)).toBeGreaterThanOrEqual(FLOOR_MS - 1);
    expect(Math.max(...values) - Math.min(...values), JSON.stringify(medians)).toBeLessThan(FLOOR_MS / 2);
  });
});
