import { listOutboxTo, setSubscription, updateAliasFields } from '@app/db';
import { startMx, type MxHandle } from '@app/mx';
import { openOutboxContent, type Services } from '@app/runtime';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type WorkerHandle } from '../src/index';
import { runDigests } from '../src/digests';
import { createAliasRow, createMember, testServices, waitFor } from '@app/testing';

const DAY = 24 * 60 * 60_000;
let services: Services;
let mx: MxHandle;
let worker: WorkerHandle;

beforeAll(async () => {
  services = await testServices();
  worker = await startWorker(services, { everyMs: { retention: 0 } });
  mx = await startMx(services, { port: 0 });
});
afterAll(async () => {
  await mx?.close();
  await worker?.close();
  await services?.close();
});

async function deliver(to: string, subject: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: mx.port, secure: false, ignoreTLS: true });
  await transport.sendMail({ from: '"Shop" <news@shop.example>', to, subject, text: 'hello' });
}

async function setup(packageId: number, digest: 'D' | 'W' | 'M') {
  const accountId = (await createMember(services)).account.id;
  await setSubscription(services.database.db, accountId, packageId);
  const alias = await createAliasRow(services, accountId);
  await updateAliasFields(services.database.db, alias.id, { digest });
  const email = (await services.database.db.query.accounts.findFirst({ where: (a, { eq }) => eq(a.id, accountId) }))!.email;
  return { alias, email };
}

/** The digests queued to `email`, their sealed content opened. */
const digestsTo = (email: string) =>
  listOutboxTo(services.database.db, email).then((rows) =>
    rows.filter((r) => r.kind === 'digest').map((r) => ({ ...r, ...openOutboxContent(services.keys, r) })),
  );

describe('digests (docs/architecture.md §4)', () => {
  it('mails a daily summary of new mail once per period, to the account e-mail', async () => {
    const { alias, email } = await setup(2, 'D');
    await deliver(alias.address, 'Your order shipped');
    await waitFor(
      async () =>
        (await services.database.db.query.messages.findMany({ where: (m, { eq }) => eq(m.aliasId, alias.id) })).length
          ? true
          : null,
      20_000,
      'ingest',
    );

    expect(await runDigests(services, new Date(Date.now() + 0.5 * DAY))).toBe(0);
    const later = new Date(Date.now() + 2 * DAY);
    expect(await runDigests(services, later)).toBeGreaterThanOrEqual(1);
    const [mail] = await digestsTo(email);
    expect(mail!.subject).toBe(`1 new message at ${alias.address}`);
    expect(mail!.text).toContain('Shop <news@shop.example>: Your order shipped');
    expect(mail!.text).toContain(`/alias/${alias.id}/inbox`);
    // The same period is not mailed twice, even by a second run.
    await runDigests(services, later);
    expect(await digestsTo(email)).toHaveLength(1);
  });

  it('slows a choice down to the package limit (Free allows monthly at most)', async () => {
    const { alias, email } = await setup(1, 'D');
    await deliver(alias.address, 'Monthly news');
    await waitFor(
      async () =>
        (await services.database.db.query.messages.findMany({ where: (m, { eq }) => eq(m.aliasId, alias.id) })).length
          ? true
          : null,
      20_000,
      'ingest',
    );
    await runDigests(services, new Date(Date.now() + 2 * DAY));
    expect(await digestsTo(email)).toHaveLength(0);
    await runDigests(services, new Date(Date.now() + 31 * DAY));
    expect(await digestsTo(email)).toHaveLength(1);
  });

  it('sends nothing when nothing arrived', async () => {
    const { email } = await setup(2, 'W');
    await runDigests(services, new Date(Date.now() + 8 * DAY));
    expect(await digestsTo(email)).toHaveLength(0);
  });
});
