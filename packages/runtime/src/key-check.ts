import { createHmac, timingSafeEqual } from 'node:crypto';
import { findKeyCheck, insertKeyCheck, MASTER_WRAPPED, type Db } from '@app/db';
import { open, type DataKey } from './crypto';
import { StartupError } from './startup';

/** A fixed label: its HMAC under the master key proves the key without revealing anything about it. */
const LABEL = 'alias-mail master key check v1';

/** The configured master key is not the one the database was written with. */
export class MasterKeyMismatchError extends StartupError {}

export function keyCheckMac(master: DataKey): Buffer {
  return createHmac('sha256', master.parts[0]!).update(LABEL).digest();
}

/** Whether `mac` is the proof of `master`. */
export function provesKey(mac: Buffer, master: DataKey): boolean {
  const expected = keyCheckMac(master);
  return mac.length === expected.length && timingSafeEqual(mac, expected);
}

/**
 * Refuses a master key that is not the database's (docs/security.md AR5), before anything is
 * sealed under it. The first start writes the proof; on a database of an earlier release, which has
 * none, the key must first open a value the master key wraps, if there is one, so a wrong key given
 * at the upgrade is refused too.
 */
export async function verifyMasterKey(db: Db, master: DataKey, wrongKey: string): Promise<void> {
  const stored = await findKeyCheck(db);
  if (stored) {
    if (!provesKey(stored, master)) throw new MasterKeyMismatchError(wrongKey);
    return;
  }
  const sample = await db.transaction(async (tx) => {
    for (const kind of MASTER_WRAPPED) {
      const [row] = await kind.list(tx);
      if (row) return row.wrapped;
    }
    return null;
  });
  if (sample) {
    try {
      open(master, sample);
    } catch {
      throw new MasterKeyMismatchError(wrongKey);
    }
  }
  // Another process starting at the same moment may have written it first: then compare with its.
  if (!(await insertKeyCheck(db, keyCheckMac(master)))) await verifyMasterKey(db, master, wrongKey);
}
