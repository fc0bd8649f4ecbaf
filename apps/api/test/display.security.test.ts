import { findAliasById, insertAttachments, insertMessage } from '@app/db';
import { seal } from '@app/runtime';
import type { Message, MessageSummary } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers';

describe('display safety (docs/security.md H11)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('bidi controls in mail stored before ingest stripped them are removed at display, and from download names', async () => {
    const owner = await signedIn(t.app, t.services);
    const alias = await createAlias(owner);
    const { db } = t.services.database;
    const aliasKey = await t.services.keys.aliasKey(db, (await findAliasById(db, alias.id))!);
    const key = await t.services.keys.create(db, aliasKey);
    // A row as an older release stored it, bidi controls and all.
    const id = (await insertMessage(db, {
      aliasId: alias.id,
      keyId: key.id,
      senderLabel: 'Bank\u2067 Support\u2069',
      senderAddress: 'bank@example.com',
      recipient: alias.address,
      subjectSealed: seal(key.key, 'Invoice \u202eattached\u202c'),
      textSealed: seal(key.key, 'see attachment'),
      rawSealed: seal(key.key, 'Subject: x\r\n\r\nsee attachment\r\n'),
      size: 40,
    }))!;
    await insertAttachments(db, [
      {
        messageId: id,
        filename: 'invoice\u202efdp.exe',
        contentType: 'application/octet-stream',
        size: 1,
        cid: null,
        contentSealed: seal(key.key, Buffer.from('x')),
      },
    ]);

    const list = json<{ messages: MessageSummary[] }>(
      await owner.call({ method: 'GET', url: owner.url(`/alias/${alias.id}/messages`) }),
    ).messages;
    expect(list[0]).toMatchObject({ subject: 'Invoice attached', sender_label: 'Bank Support' });
    const message = json<{ message: Message }>(
      await owner.call({ method: 'GET', url: owner.url(`/alias/${alias.id}/message/${id}`) }),
    ).message;
    expect(message).toMatchObject({ subject: 'Invoice attached', sender_label: 'Bank Support' });
    expect(message.attachments[0]!.filename).toBe('invoicefdp.exe');
    // Stored without `embedded`, as before migration 0027: read as a listed attachment.
    expect(message.attachments[0]!.embedded).toBe(false);
    const download = await owner.call({
      method: 'GET',
      url: owner.url(`/alias/${alias.id}/message/${id}/attachment/${message.attachments[0]!.id}`),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`,
    );
  });
});
import { createAlias, json, signedIn } from './alias-helpers';
