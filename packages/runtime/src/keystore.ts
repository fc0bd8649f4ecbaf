import { deleteKeys, findAccountKeyId, findKey, findSearchKeyId, insertKey, MASTER_WRAPPED, setAccountKeyId, setSearchKeyId, type Db, type DbOrTx } from '@app/db';
import { generateKey, open, seal, unwrapKey, wrapKey, type DataKey, type KeyScheme } from './crypto';

/** Content sealed under its own fresh key, and that key wrapped by the master key. */
export interface MasterSealed {
  key: Buffer;
  sealed: Buffer;
}

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

  /**
   * The key of the account's blind search index (docs/security.md SR1), created on first use and
   * wrapped by the account key like an alias key; the account's triple encryption does not apply,
   * it keys an HMAC, not a cipher.
   */
  async searchKey(db: DbOrTx, accountId: number): Promise<DataKey> {
    const existing = await findSearchKeyId(db, accountId);
    // A cached key costs one small query per search; the account key is needed only to unwrap it.
    if (existing) return this.cache.get(existing) ?? this.load(db, existing, await this.accountKey(db, accountId));
    const created = await this.create(db, await this.accountKey(db, accountId));
    if (await setSearchKeyId(db, accountId, created.id)) return created.key;
    await this.shred(db, [created.id]);
    return this.searchKey(db, accountId);
  }

  async aliasKey(db: DbOrTx, alias: { accountId: number; keyId: number }): Promise<DataKey> {
    const hit = this.cache.get(alias.keyId);
    if (hit) return hit;
    return this.load(db, alias.keyId, await this.accountKey(db, alias.accountId));
  }

  /**
   * Seals content that is not yet (or never) tied to an account: the mx's raw messages before
   * ingest, the outbox's mail (docs/security.md AR1, AR2). Each item gets its own key, so rotating the
   * master key re-wraps 32-byte keys, never the content.
   */
  sealUnderMaster(plain: Buffer | string): MasterSealed {
    const key = generateKey('aes');
    return { key: wrapKey(this.master, key), sealed: seal(key, plain) };
  }

  openUnderMaster(wrappedKey: Buffer, sealed: Buffer): Buffer {
    return open(unwrapKey(this.master, wrappedKey), sealed);
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

/** The configured master key does not open a value it should have wrapped. */
export class MasterKeyMismatchError extends Error {}

/**
 * Re-wraps every value the master key wraps (MASTER_WRAPPED) from `from` to `to`, in one
 * transaction: either all of them open with the new key afterwards, or nothing changed. The
 * values below (alias and message keys, content) are untouched, so mail stays readable.
 */
export async function rotateMasterKey(db: Db, from: DataKey, to: DataKey): Promise<Array<{ what: string; count: number }>> {
  return db.transaction(async (tx) => {
    const done: Array<{ what: string; count: number }> = [];
    for (const kind of MASTER_WRAPPED) {
      const rows = await kind.list(tx);
      for (const row of rows) {
        let plain: Buffer;
        try {
          plain = open(from, row.wrapped);
        } catch {
          throw new MasterKeyMismatchError(`the current master key does not open ${kind.what} (row ${row.id}): is MASTER_KEY the key this database was written with?`);
        }
        await kind.update(tx, row.id, seal(to, plain));
      }
      done.push({ what: kind.what, count: rows.length });
    }
    return done;
  });
}
