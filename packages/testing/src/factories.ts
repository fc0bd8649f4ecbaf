// Members, aliases and messages written straight to the database, as the product writes them.
import { randomBytes } from 'node:crypto';
import {
  adjustAliasCounters,
  findAliasById,
  insertAccount,
  insertAlias,
  insertMessage,
  replaceAliasSenders,
  setSubscription,
  updateAliasFields,
  type AccountRow,
  type AliasRow,
} from '@app/db';
import { seal, type Services } from '@app/runtime';
import type { AuthVerdict } from '@app/shared';
import { MAIL_DOMAIN, passwordHash } from './services';

export const rand = () => randomBytes(5).toString('hex');

export interface Member {
  account: AccountRow;
  handle: string;
  password: string;
}

/** A fresh, registered and approved account with a random handle (Free unless packageId). */
export async function createMember(services: Services, opts: { packageId?: number; approved?: boolean } = {}): Promise<Member> {
  const handle = `u_${randomBytes(6).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const now = new Date();
  const account = await insertAccount(services.database.db, {
    handle,
    name: 'Test Person',
    email: `${handle}@example.test`,
    passwordHash: await passwordHash(password),
    approvedAt: opts.approved === false ? null : now,
    registeredAt: now,
  });
  await setSubscription(services.database.db, account.id, opts.packageId ?? 1);
  return { account, handle, password };
}

export interface AliasSpec {
  handle?: string;
  isActive?: boolean;
  isTrashed?: boolean;
  isWhitelisted?: boolean;
  senders?: string[];
  sourceId?: number | null;
  lifespan?: number | null;
}

/** An alias on the shared domain with its key, as POST /alias makes it. */
export async function createAliasRow(
  services: Services,
  accountId: number,
  spec: AliasSpec = {},
): Promise<AliasRow & { address: string }> {
  const { db } = services.database;
  const accountKey = await services.keys.accountKey(db, accountId);
  const key = await services.keys.create(db, accountKey);
  const alias = await insertAlias(db, {
    accountId,
    domainId: 1,
    handle: spec.handle ?? `a${rand()}`,
    keyId: key.id,
    lifespan: spec.lifespan ?? null,
  });
  const row = await updateAliasFields(db, alias.id, {
    isActive: spec.isActive ?? true,
    isTrashed: spec.isTrashed ?? false,
    isWhitelisted: spec.isWhitelisted ?? false,
    sourceId: spec.sourceId ?? null,
  });
  if (spec.senders?.length) await replaceAliasSenders(db, alias.id, spec.senders);
  return { ...row!, address: `${alias.handle}@${MAIL_DOMAIN}` };
}

export interface MessageSpec {
  from: string;
  subject: string;
  text: string;
  /** The sender's name as shown; the address when unset. */
  label?: string;
  /** The message as received (exports and downloads read it). */
  raw?: string;
  messageId?: string;
  createdAt?: Date;
  auth?: AuthVerdict;
}

/** Messages stored the way ingest stores them: each under a key of its own, under the alias key. */
async function store(services: Services, aliasId: number, specs: MessageSpec[]): Promise<number[]> {
  const { db } = services.database;
  const alias = (await findAliasById(db, aliasId))!;
  const aliasKey = await services.keys.aliasKey(db, alias);
  const ids: number[] = [];
  for (const m of specs) {
    const key = await services.keys.create(db, aliasKey, aliasKey.scheme);
    const id = await insertMessage(db, {
      aliasId,
      keyId: key.id,
      direction: 'in',
      senderLabel: m.label ?? m.from,
      senderAddress: m.from,
      recipient: 'x',
      subjectSealed: seal(key.key, m.subject),
      textSealed: seal(key.key, m.text),
      ...(m.raw === undefined ? {} : { rawSealed: seal(key.key, m.raw), size: Buffer.byteLength(m.raw) }),
      messageIdHeader: m.messageId ?? null,
      auth: m.auth ?? null,
      sentAt: m.createdAt ?? new Date(),
      ...(m.createdAt ? { createdAt: m.createdAt } : {}),
    });
    ids.push(id!);
  }
  return ids;
}

/** One incoming message (the alias's counters untouched). */
export async function storeMessage(services: Services, aliasId: number, m: MessageSpec): Promise<number> {
  const [id] = await store(services, aliasId, [m]);
  return id!;
}

/** `n` unread messages at once, counted on the alias (for paging and counters). */
export async function storeMessages(services: Services, aliasId: number, n: number): Promise<number[]> {
  const specs = Array.from({ length: n }, (_, i) => ({
    from: 'bulk@example.com',
    label: 'Bulk',
    subject: `bulk ${i}`,
    text: `text ${i}`,
    raw: `Subject: bulk ${i}\r\n\r\ntext ${i}\r\n`,
  }));
  const ids = await store(services, aliasId, specs);
  await adjustAliasCounters(services.database.db, aliasId, { unread: n, total: n });
  return ids;
}
