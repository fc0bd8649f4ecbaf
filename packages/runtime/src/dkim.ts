// Outbound DKIM keys: one RSA 2048 key per served domain, made on first use. The
// private key is sealed under a data key wrapped by the master key, like every other secret.
import { generateKeyPairSync } from 'node:crypto';
import { findDomainByName, setDomainDkimOnce, type DbOrTx, type DomainRow } from '@app/db';
import { open, seal } from './crypto';
import type { KeyStore } from './keystore';
import type { Logger } from './logger';

export interface DkimKey {
  domain: string;
  selector: string;
  /** Base64 SubjectPublicKeyInfo: the `p=` of the selector's TXT record. */
  publicKey: string;
}

/** What nodemailer's `dkim` option takes to sign one message. */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** A domain the mx serves: the shared one, or a personal one that is verified. */
const served = (d: DomainRow) => d.ownerId === null || d.verifiedAt !== null;

export class DkimKeys {
  /** Unsealed private keys by domain name; a domain's key never changes once made. */
  private signing = new Map<string, DkimSigning>();

  constructor(
    private keys: KeyStore,
    private log: Logger,
  ) {}

  /** The domain's DKIM key (selector and public half), generated and stored on first use. */
  async ensure(db: DbOrTx, domain: DomainRow): Promise<DkimKey> {
    const row = domain.dkimKeyId && domain.dkimSelector && domain.dkimPublicKey ? domain : await this.generate(db, domain);
    return { domain: row.name, selector: row.dkimSelector!, publicKey: row.dkimPublicKey! };
  }

  /**
   * How to sign mail from `fromAddress`: with the key of its domain when that is a served
   * domain (made on first use), else null (mail from elsewhere is sent unsigned).
   */
  async signingFor(db: DbOrTx, fromAddress: string): Promise<DkimSigning | null> {
    const name = /@([^@>\s]+)>?\s*$/.exec(fromAddress)?.[1]?.toLowerCase();
    if (!name) return null;
    const cached = this.signing.get(name);
    if (cached) return cached;
    const domain = await findDomainByName(db, name);
    if (!domain || !served(domain)) return null;
    await this.ensure(db, domain);
    const row = (await findDomainByName(db, name))!;
    try {
      const key = await this.keys.loadSystemKey(db, row.dkimKeyId!);
      const signing = {
        domainName: row.name,
        keySelector: row.dkimSelector!,
        privateKey: open(key, row.dkimPrivateSealed!).toString('utf8'),
      };
      this.signing.set(name, signing);
      return signing;
    } catch (err) {
      // A key sealed under another master key: a reset link sent unsigned beats one never sent.
      this.log.error({ domain: name, err: (err as Error).message }, 'DKIM key cannot be unsealed; sending unsigned');
      return null;
    }
  }

  private async generate(db: DbOrTx, domain: DomainRow): Promise<DomainRow> {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { id, key } = await this.keys.createSystemKey(db);
    const stored = await setDomainDkimOnce(db, domain.id, {
      // A dated selector leaves room for a later rotation next to the published one.
      selector: `s${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`,
      publicKey: pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      keyId: id,
      privateSealed: seal(key, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string),
    });
    // Another process stored its key first: drop the unused one.
    if (stored?.dkimKeyId !== id) await this.keys.shred(db, [id]);
    return stored!;
  }
}
