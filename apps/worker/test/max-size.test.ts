/**
 * A message of the largest size the mx accepts (SMTP_MAX_SIZE), nearly all of it attachments,
 * goes through the production processes: the built mx and worker, each started with the V8 flags
 * of its `start` script (heap and young-generation limits, docs/performance.md §5), on real
 * Postgres and Redis. Mail answered 250 must be stored whole, whatever those flags allow.
 */
import { createHash, randomBytes } from 'node:crypto';
import { keys, messages } from '@app/db';
import { open, unwrapKey } from '@app/runtime';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Cleanup,
  createAliasRow,
  freePort,
  hasPg,
  hasRedis,
  PG_ADMIN,
  spawnBuiltApp,
  startRig,
  waitFor,
} from '@app/testing';

const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const base64Lines = (bytes: Buffer) => bytes.toString('base64').replace(/.{76}/g, '$&\r\n');

/** A multipart message of exactly `size` bytes: a short text and two random attachments filling the rest. */
function maxSizeMessage(from: string, to: string, size: number): Buffer {
  const head = [
    `From: <${from}>`,
    `To: <${to}>`,
    'Subject: largest accepted',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Two attachments follow.',
    '',
  ].join('\r\n');
  const part = (name: string, bytes: Buffer) =>
    [
      '--b',
      `Content-Type: application/octet-stream; name="${name}"`,
      `Content-Disposition: attachment; filename="${name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(bytes),
      '',
    ].join('\r\n');
  const tail = '--b--\r\n';
  // Each attachment's base64 with its line breaks takes 4/3 × 78/76 of its bytes.
  const each = Math.floor(((size - head.length - 2 * 200 - tail.length) / 2) * (3 / 4) * (76 / 78));
  const body = head + part('a.bin', randomBytes(each)) + part('b.bin', randomBytes(each));
  // The text part takes up the few bytes left, so the message is exactly `size` long.
  const pad = size - Buffer.byteLength(body + tail);
  const padded = body.replace('Two attachments follow.', `Two attachments follow.${'.'.repeat(Math.max(0, pad))}`);
  return Buffer.from(padded + tail);
}

describe('the largest accepted message through the production processes', () => {
  it('has Postgres and redis-server to run against', () => {
    expect(hasPg, `no Postgres at ${PG_ADMIN} (set TEST_PG_URL)`).toBe(true);
    expect(hasRedis, 'redis-server is not on PATH').toBe(true);
  });

  it('is answered 250, then stored whole and decryptable', async () => {
    const r = await startRig('maxsize', cleanups);
    const alias = await createAliasRow(r.services, r.accountId);
    const smtpPort = await freePort();
    const env = { ...r.env, SMTP_PORT: String(smtpPort), SMTP_HOST: '127.0.0.1' };
    const children = ['mx', 'worker'].map((app) => {
      const child = spawnBuiltApp(app, env);
      cleanups.push(() => {
        if (child.exitCode === null) child.kill('SIGKILL');
      });
      return child;
    });
    const output = () => children.map((c) => c.output.join('').slice(-2000)).join('\n');
    const raw = maxSizeMessage('large@example.com', alias.address, r.services.config.SMTP_MAX_SIZE);
    expect(raw.length).toBe(r.services.config.SMTP_MAX_SIZE);

    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    await waitFor(() => transport.verify().catch(() => false), 30_000, 'the mx to listen');
    const reply = await transport.sendMail({ envelope: { from: 'large@example.com', to: [alias.address] }, raw });
    transport.close();
    expect(reply.response).toMatch(/^250 /);

    const { db } = r.services.database;
    const row = await waitFor(
      async () =>
        (
          await db
            .select({
              state: messages.state,
              size: messages.size,
              attachments: messages.attachmentsCount,
              rawSealed: messages.rawSealed,
              wrapped: keys.wrapped,
            })
            .from(messages)
            .innerJoin(keys, eq(keys.id, messages.keyId))
            .where(eq(messages.aliasId, alias.id))
        )[0],
      120_000,
      'the message to be stored',
    ).catch((err: Error) => {
      throw new Error(`${err.message}\nmx and worker output:\n${output()}`);
    });
    expect(row).toMatchObject({ state: 'ok', size: raw.length, attachments: 2 });
    const key = unwrapKey(await r.services.keys.aliasKey(db, alias), row.wrapped);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(open(key, row.rawSealed!))).toBe(sha(raw));
  }, 240_000);
});
