// Imports with a bounded cost (docs/security.md W22), through the real import route with the
// default limits: a line at most SMTP_MAX_SIZE long, and one import at a time per account.
import { PassThrough, Readable } from 'node:stream';
import { namedBucket } from '@app/runtime';
import { IMPORT_MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAlias, json, signedIn, type Client } from './alias-helpers';
import { build, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const MBOX = { 'content-type': 'application/mbox' };
const importInto = (c: Client, aliasId: number, payload: Buffer | Readable) =>
  c.call({ method: 'POST', url: c.url(`/alias/${aliasId}/import`), headers: MBOX, payload });

describe('mbox imports with a bounded cost (W22)', () => {
  it('refuses a 95 MB file without a newline, having read no more than one line of the limit', async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await createAlias(c);
    const max = t.services.config.SMTP_MAX_SIZE;
    const total = 95 * 1024 * 1024;
    expect(total).toBeLessThan(t.services.config.IMPORT_MAX_BYTES);
    const chunk = Buffer.alloc(64 * 1024, 0x78);
    let pulled = 0;
    const body = Readable.from(
      (function* () {
        while (pulled < total) {
          pulled += chunk.length;
          yield chunk;
        }
      })(),
    );
    const res = await importInto(c, alias.id, body);
    expect(res.statusCode).toBe(413);
    expect(json(res).msg).toBe(IMPORT_MESSAGES.lineTooLong(max));
    // The refusal came once one line's worth was read, not at the end of the file.
    expect(pulled).toBeLessThan(max + 4 * 1024 * 1024);
  });

  it("runs one import at a time per account; another account's import is not held up", async () => {
    const c = await signedIn(t.app, t.services);
    const alias = await createAlias(c);
    const slow = new PassThrough();
    const first = importInto(c, alias.id, slow);
    // Once the first one is reading its file, a second one is refused with a clear message.
    const running = namedBucket(t.services.config, 'import:account', c.id);
    await vi.waitFor(async () => expect(await t.services.limiter.isFull(running)).toBe(true), { timeout: 10_000 });
    const second = await importInto(c, alias.id, Buffer.alloc(0));
    expect(second.statusCode).toBe(409);
    expect(json(second)).toMatchObject({ code: 'CONFLICT', msg: IMPORT_MESSAGES.running });
    const other = await signedIn(t.app, t.services);
    expect((await importInto(other, (await createAlias(other)).id, Buffer.alloc(0))).statusCode).toBe(200);

    slow.end();
    expect((await first).statusCode).toBe(200);
    // Finished: the next import runs.
    expect((await importInto(c, alias.id, Buffer.alloc(0))).statusCode).toBe(200);
  });
});
