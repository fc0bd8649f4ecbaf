import { randomBytes } from 'node:crypto';
import { hashPassword } from '@app/api';
import { insertAccount, insertAlias, seed, setSubscription } from '@app/db';
import type { Services } from '@app/runtime';

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
