import { deleteKeys, findAccountKeyId, findKey, insertKey, setAccountKeyId, type DbOrTx } from '@app/db';
import { generateKey, unwrapKey, wrapKey, type DataKey, type KeyScheme } from './crypto';

/**
 * Loads and creates wrapped keys: master → account → alias → message/note. Unwrapped keys are
 * cached by id (bounded), so listing an inbox costs one small AEAD open per message at most.
 */
export class KeyStore {
  private cache = new Map<number, DataKey>();

  constructor(
    private master: DataKey,
    private maxCached = 20_000,
  ) {}

  async create(db: DbOrTx, parent: DataKey, scheme: KeyScheme = 'aes'): Promise<{ id: number; key: DataKey }> {
    const key = generateKey(scheme);
    const id = await insertKey(db, scheme, wrapKey(parent, key));
    this.remember(id, key);
    return { id, key };
  }

  async load(db: DbOrTx, id: number, parent: DataKey): Promise<DataKey> {
    const hit = this.cache.get(id);
    if (hit) return hit;
    const row = await findKey(db, id);
    if (!row) throw new Error(`key ${id} is gone (shredded)`);
    const key = unwrapKey(parent, row.wrapped);
    this.remember(id, key);
    return key;
  }

  /** The account's key, created on first use. */
  async accountKey(db: DbOrTx, accountId: number): Promise<DataKey> {
    const existing = await findAccountKeyId(db, accountId);
    if (existing) return this.load(db, existing, this.master);
    const created = await this.create(db, this.master);
    if (await setAccountKeyId(db, accountId, created.id)) return created.key;
    await this.shred(db, [created.id]);
    return this.accountKey(db, accountId);
  }

  async aliasKey(db: DbOrTx, alias: { accountId: number; keyId: number }): Promise<DataKey> {
    const hit = this.cache.get(alias.keyId);
    if (hit) return hit;
    return this.load(db, alias.keyId, await this.accountKey(db, alias.accountId));
  }

  /** A key wrapped by the master key itself, for the service's own secrets (DKIM private keys). */
  createSystemKey(db: DbOrTx): Promise<{ id: number; key: DataKey }> {
    return this.create(db, this.master);
  }

  loadSystemKey(db: DbOrTx, id: number): Promise<DataKey> {
    return this.load(db, id, this.master);
  }

  async shred(db: DbOrTx, ids: number[]): Promise<void> {
    await deleteKeys(db, ids);
    for (const id of ids) this.cache.delete(id);
  }

  private remember(id: number, key: DataKey): void {
    if (this.cache.size >= this.maxCached) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, key);
  }
}
