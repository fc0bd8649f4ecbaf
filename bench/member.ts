import { randomBytes } from 'node:crypto';
import { hashPassword } from '@app/api';
import {
  adjustAliasCounters,
  insertAccount,
  insertAlias,
  insertKeysBulk,
  insertMessagesBulk,
  insertMessageTerms,
  seed,
  setSubscription,
  type AliasRow,
  type NewMessage,
} from '@app/db';
import { generateKey, messageTerms, seal, wrapKey, type Services } from '@app/runtime';

const CHUNK = 2_000;

/** A bench's database: the seeded shared domain and one member (free package) with one alias. */
export async function seedMember(services: Services, mailDomain: string) {
  const db = services.database.db;
  await seed(db, { mailDomain, adminPasswordHash: async () => 'x' });
  const handle = `bench_${randomBytes(3).toString('hex')}`;
  const password = randomBytes(9).toString('base64url');
  const account = await insertAccount(db, {
    handle,
    name: 'Bench',
    email: `${handle}@example.test`,
    passwordHash: await hashPassword(password),
    approvedAt: new Date(),
    registeredAt: new Date(),
  });
  await setSubscription(db, account.id, 1);
  const aliasKey = await services.keys.create(db, await services.keys.accountKey(db, account.id));
  const alias = await insertAlias(db, {
    accountId: account.id,
    domainId: 1,
    handle: `b${randomBytes(5).toString('hex')}`,
    keyId: aliasKey.id,
  });
  return { account, alias, aliasKey, handle, password };
}

/**
 * Stores `n` messages for each alias of `targets` as rows written directly (sealed as the worker seals
 * them), interleaved as mail arrives, in chunks; the aliases are the member's, under its alias key.
 * `indexed` also writes each message's search terms, as the worker does, so searches find them.
 */
export async function storeMessages(
  services: Services,
  member: Pick<Awaited<ReturnType<typeof seedMember>>, 'account' | 'aliasKey'>,
  targets: Array<{ alias: AliasRow; n: number }>,
  mailDomain: string,
  opts: { indexed?: boolean } = {},
): Promise<void> {
  const db = services.database.db;
  const searchKey = opts.indexed ? await services.keys.searchKey(db, member.account.id) : null;
  const text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. '.repeat(4);
  const html = `<html><body><p>${text}</p></body></html>`;
  const raw = Buffer.from(`Subject: x\r\n\r\n${text}`);
  const queue: AliasRow[] = [];
  const left = targets.map((t) => t.n);
  for (let more = true; more;) {
    more = false;
    targets.forEach((t, i) => {
      if (left[i]! > 0) {
        queue.push(t.alias);
        if (--left[i]! > 0) more = true;
      }
    });
  }
  for (let at = 0; at < queue.length; at += CHUNK) {
    const part = queue.slice(at, at + CHUNK);
    const msgKeys = part.map(() => generateKey('aes'));
    const keyIds = await insertKeysBulk(
      db,
      msgKeys.map((k) => ({ scheme: k.scheme, wrapped: wrapKey(member.aliasKey.key, k) })),
    );
    const subjects = part.map((_, i) => `bench message ${at + i}`);
    const rows: NewMessage[] = part.map((alias, i) => ({
      aliasId: alias.id,
      accountId: member.account.id,
      keyId: keyIds[i]!,
      senderLabel: 'Bench Shop',
      senderAddress: 'bench@shop.example',
      recipient: `${alias.handle}@${mailDomain}`,
      subjectSealed: seal(msgKeys[i]!, subjects[i]!),
      textSealed: seal(msgKeys[i]!, text),
      htmlSealed: seal(msgKeys[i]!, html),
      rawSealed: seal(msgKeys[i]!, raw),
      hasHtml: true,
      size: raw.length,
      sentAt: new Date(),
      searchIndexed: !!searchKey,
    }));
    const stored = await insertMessagesBulk(db, rows);
    if (searchKey) {
      await insertMessageTerms(
        db,
        stored.map((m, i) => ({
          accountId: member.account.id,
          messageId: m.id,
          ...messageTerms(searchKey, {
            aliasId: part[i]!.id,
            senderAddress: 'bench@shop.example',
            senderLabel: 'Bench Shop',
            subject: subjects[i]!,
            text,
          }),
        })),
      );
    }
  }
  for (const t of targets) await adjustAliasCounters(db, t.alias.id, { unread: t.n, total: t.n });
}
