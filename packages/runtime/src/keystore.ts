import { hkdfSync } from 'node:crypto';
import {
  deleteKeys,
  findAccountKeyId,
  findKey,
  findSearchKeyId,
  insertKey,
  MASTER_WRAPPED,
  setAccountKeyId,
  setKeyCheck,
  setSearchKeyId,
  type Db,
  type DbOrTx,
} from '@app/db';
import { generateKey, open, seal, unwrapKey, wrapKey, type DataKey, type KeyScheme } from './crypto';
import { keyCheckMac, MasterKeyMismatchError } from './key-check';

/** Content sealed under its own fresh key, and that key wrapped by the master key. */
export interface MasterSealed {
  key: Buffer;
  sealed: Buffer;
}

/** How many message and note keys `unwrap` remembers, and for how long. */
const UNWRAPPED_MAX = 4_096;
const UNWRAPPED_MS = 5 * 60_000;

interface Unwrapped {
  parent: DataKey;
  /** The wrapped bytes, copied: a Buffer from a query may be a slice of a larger one. */
  wrapped: Uint8Array;
  key: DataKey;
  at: number;
}

/**
 * Loads and creates wrapped keys: master → account → alias → message/note. Account, alias and
 * system keys are cached by id (bounded); message and note keys are remembered for a few minutes by
 * `unwrap`, which every reader reaches through `contentKeys`.
 */
export class KeyStore {
  private cache = new Map<number, DataKey>();
  /** Least recently used first. */
  private unwrapped = new Map<number, Unwrapped>();

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
   * The one way to the keys that seal an alias's content, its messages and its note: loads the alias
   * key once and returns an opener for rows of that alias, each read together with its wrapped key
   * (`keyId`, `keyWrapped`), so a page of rows costs no key query. Each unwrap goes through `unwrap`.
   */
  async contentKeys(
    db: DbOrTx,
    alias: { accountId: number; keyId: number },
  ): Promise<(row: { keyId: number; keyWrapped: Buffer }) => DataKey> {
    const aliasKey = await this.aliasKey(db, alias);
    return (row) => this.unwrap(aliasKey, row.keyId, row.keyWrapped);
  }

  /**
   * The keys of rows from several aliases of one account (a search's results, All mail): each row
   * names its alias's key (`aliasKeyId`), and each alias key is loaded once.
   */
  async accountContentKeys<R extends { aliasKeyId: number; keyId: number; keyWrapped: Buffer }>(
    db: DbOrTx,
    accountId: number,
    rows: R[],
  ): Promise<(row: R) => DataKey> {
    const openers = new Map<number, (row: R) => DataKey>();
    for (const r of rows)
      if (!openers.has(r.aliasKeyId)) openers.set(r.aliasKeyId, await this.contentKeys(db, { accountId, keyId: r.aliasKeyId }));
    return (row) => openers.get(row.aliasKeyId)!(row);
  }

  /**
   * A key from the wrapped bytes its row was just read with, unwrapped with `parent`. An inbox page
   * needs fifty, and each unwrap costs an AEAD open and a fresh KeyObject, so the latest are
   * remembered, bounded and for a few minutes. A remembered key is returned only for the same parent
   * and the same wrapped bytes, so it gives nothing that unwrapping the row would not: the caller has
   * read the row through its ownership check, and a shredded key is forgotten here and its row is
   * gone together with the content it opened (docs/architecture.md §4).
   */
  unwrap(parent: DataKey, id: number, wrapped: Buffer): DataKey {
    const now = Date.now();
    const hit = this.unwrapped.get(id);
    if (hit) {
      this.unwrapped.delete(id);
      if (hit.parent === parent && now - hit.at < UNWRAPPED_MS && wrapped.equals(hit.wrapped)) {
        this.unwrapped.set(id, hit);
        return hit.key;
      }
    }
    const key = unwrapKey(parent, wrapped);
    if (this.unwrapped.size >= UNWRAPPED_MAX) this.unwrapped.delete(this.unwrapped.keys().next().value!);
    this.unwrapped.set(id, { parent, wrapped: new Uint8Array(wrapped), key, at: now });
    return key;
  }

  /**
   * Seals content that is not yet (or never) tied to an account: the mx's raw messages before
   * ingest, the outbox's mail (docs/security.md AR1, AR2). Each item gets its own key, so rotating the
   * master key re-wraps 32-byte keys, never the content.
   */
  sealUnderMaster(plain: Buffer | string): MasterSealed {
    const { key, sealed } = this.sealAllUnderMaster([plain]);
    return { key, sealed: sealed[0]! };
  }

  /** Several items of one thing (a raw message and what the mx learnt of it) under one key. */
  sealAllUnderMaster(plains: Array<Buffer | string>): { key: Buffer; sealed: Buffer[] } {
    const key = generateKey('aes');
    return { key: wrapKey(this.master, key), sealed: plains.map((p) => seal(key, p)) };
  }

  openUnderMaster(wrappedKey: Buffer, sealed: Buffer): Buffer {
    return open(unwrapKey(this.master, wrappedKey), sealed);
  }

  /**
   * A key for the service's own signatures (device cookies), derived from the master key for one
   * purpose: nothing is stored and every process derives the same key.
   */
  derive(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.master.parts[0]!, Buffer.alloc(0), purpose, 32));
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
    for (const id of ids) {
      this.cache.delete(id);
      this.unwrapped.delete(id);
    }
  }

  private remember(id: number, key: DataKey): void {
    if (this.cache.size >= this.maxCached) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, key);
  }
}

/**
 * Re-wraps every value the master key wraps (MASTER_WRAPPED) from `from` to `to` and replaces the
 * key's proof (docs/security.md AR5), in one transaction: either all of them open with the new key
 * afterwards, or nothing changed. The values below (alias and message keys, content) are
 * untouched, so mail stays readable.
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
          throw new MasterKeyMismatchError(
            `the current master key does not open ${kind.what} (row ${row.id}): is MASTER_KEY the key this database was written with?`,
          );
        }
        await kind.update(tx, row.id, seal(to, plain));
      }
      done.push({ what: kind.what, count: rows.length });
    }
    await setKeyCheck(tx, keyCheckMac(to));
    return done;
  });
}
