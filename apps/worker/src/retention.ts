import {
  deleteExpiredSessions,
  deleteFinishedInbound,
  deleteMessages,
  deleteStaleDomainClaims,
  findExpiredMessages,
  recountAliasCounters,
} from '@app/db';
import type { Services } from '@app/runtime';

const BATCH = 500;
/** Processed inbound rows (ids, sizes, reasons; no content) are kept this long for the admin. */
const INBOUND_KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * Deletes the messages due for deletion (`findExpiredMessages`; the rule is docs/architecture.md §4
 * "Data shredding and retention") and crypto-shreds them: their keys go in the same transaction, so
 * copies of the sealed content in backups are unreadable too (docs/security.md W11). Expired
 * sessions go too, and personal-domain claims left unverified for DOMAIN_CLAIM_DAYS (W24).
 */
export async function runRetention(services: Services): Promise<number> {
  const { db } = services.database;
  let total = 0;
  for (;;) {
    const expired = await findExpiredMessages(db, BATCH, services.config.TRASH_GRACE_MINUTES);
    if (!expired.length) break;
    await db.transaction(async (tx) => {
      const keyIds = await deleteMessages(
        tx,
        expired.map((m) => m.id),
      );
      await services.keys.shred(tx, keyIds);
      await recountAliasCounters(tx, [...new Set(expired.map((m) => m.aliasId))]);
    });
    total += expired.length;
    if (expired.length < BATCH) break;
  }
  await deleteFinishedInbound(db, new Date(Date.now() - INBOUND_KEEP_MS));
  const sessions = await deleteExpiredSessions(db);
  const claims = await deleteStaleDomainClaims(db, new Date(Date.now() - services.config.DOMAIN_CLAIM_DAYS * 24 * 60 * 60_000));
  if (total || sessions || claims)
    services.log.info(
      { component: 'retention', deleted: total, sessions, domainClaims: claims },
      'expired messages, sessions and domain claims deleted',
    );
  return total;
}
