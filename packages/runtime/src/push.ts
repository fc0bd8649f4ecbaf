// Web Push signing keys (VAPID, RFC 8292): from the configuration, else one P-256 pair made on
// first use. The private key is sealed under a key wrapped by the master key, like DKIM keys.
import { createRequire } from 'node:module';
import { findPushKeys, insertPushKeysOnce, type DbOrTx } from '@app/db';
import type * as WebPush from 'web-push';
import type { Config } from './config';
import { open, seal } from './crypto';
import type { KeyStore } from './keystore';

// web-push loads on first use: the mx carries these services but never makes a key pair.
const requireLazy = createRequire(import.meta.url);

export interface VapidKeys {
  /** Base64url uncompressed P-256 point: the browser's `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
  subject: string;
}

export class PushKeys {
  private loaded: VapidKeys | null = null;

  constructor(
    private keys: KeyStore,
    private config: Config,
  ) {}

  /** The key pair in use, made and stored on first use when none is configured. */
  async vapid(db: DbOrTx): Promise<VapidKeys> {
    if (this.loaded) return this.loaded;
    const c = this.config;
    const subject = c.VAPID_SUBJECT ?? `mailto:${c.ADMIN_EMAIL ?? `admin@${c.MAIL_DOMAIN}`}`;
    if (c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY) {
      this.loaded = { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject };
      return this.loaded;
    }
    let row = await findPushKeys(db);
    if (!row) {
      const pair = (requireLazy('web-push') as typeof WebPush).generateVAPIDKeys();
      const { id, key } = await this.keys.createSystemKey(db);
      row = await insertPushKeysOnce(db, { publicKey: pair.publicKey, keyId: id, privateSealed: seal(key, pair.privateKey) });
      // Another process stored its pair first: drop the unused key.
      if (row.keyId !== id) await this.keys.shred(db, [id]);
    }
    const key = await this.keys.loadSystemKey(db, row.keyId);
    this.loaded = { publicKey: row.publicKey, privateKey: open(key, row.privateSealed).toString('utf8'), subject };
    return this.loaded;
  }
}
