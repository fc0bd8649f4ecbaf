import {
  claimDigest,
  claimExpiryNotice,
  findEffectivePackage,
  listDigestAliases,
  listDigestMessages,
  listExpiryNoticeAliases,
} from '@app/db';
import { digestMail, expiryNoticeMail } from '@app/mail';
import { openText, publicLink, queueProductMail, type Services } from '@app/runtime';
import { stripBidi } from '@app/shared';

const DAY_MS = 24 * 60 * 60_000;
/** Digest codes (docs/product.md §9) from fastest to slowest, with their period. */
const PERIODS = { D: { days: 1, name: 'daily' }, W: { days: 7, name: 'weekly' }, M: { days: 30, name: 'monthly' } } as const;
type Code = keyof typeof PERIODS;
const isCode = (v: string | null | undefined): v is Code => v === 'D' || v === 'W' || v === 'M';
/** Messages listed in one digest; the rest are counted. */
const LISTED = 20;

/** The alias's choice, slowed down to what the package allows (a stored choice may exceed it). */
function effectiveCode(choice: Code, packageMax: string | null): Code {
  if (!isCode(packageMax)) return choice;
  return PERIODS[choice].days >= PERIODS[packageMax].days ? choice : packageMax;
}

/**
 * Mails each due alias's digest (docs/architecture.md §4): a summary of the mail received since the last one,
 * to the account's e-mail, through the outbox. Nothing is sent when nothing arrived.
 */
export async function runDigests(services: Services, now = new Date()): Promise<number> {
  const { db } = services.database;
  const packages = new Map<number, string | null>();
  let sent = 0;
  for (const alias of await listDigestAliases(db)) {
    if (!isCode(alias.digest)) continue;
    if (!packages.has(alias.accountId))
      packages.set(alias.accountId, (await findEffectivePackage(db, alias.accountId)).limits.digest_frequency);
    const period = PERIODS[effectiveCode(alias.digest, packages.get(alias.accountId)!)];
    const since = alias.lastDigestAt ?? alias.createdAt;
    if (now.getTime() - since.getTime() < period.days * DAY_MS) continue;
    if (!(await claimDigest(db, alias.id, alias.lastDigestAt, now))) continue;

    const { rows, total } = await listDigestMessages(db, alias.id, since, LISTED);
    if (total === 0) continue;
    const keyOf = await services.keys.contentKeys(db, alias);
    const address = `${alias.handle}@${alias.domain}`;
    const mail = digestMail({
      address,
      total,
      period: period.name,
      link: publicLink(services, `/alias/${alias.id}/inbox`),
      entries: rows.map((m) => ({
        sender: m.senderLabel ? `${stripBidi(m.senderLabel)} <${m.senderAddress}>` : m.senderAddress,
        subject: m.state === 'ok' ? stripBidi(openText(keyOf(m), m.subjectSealed) ?? '') : '(could not be read)',
        received: m.createdAt,
      })),
    });
    await queueProductMail(services, { kind: 'digest', to: alias.email, content: mail });
    sent++;
  }
  if (sent) services.log.info({ component: 'digests', sent }, 'digests queued');
  return sent;
}

/** How long before a date-based expiry its owner is told (docs/product.md §3 Alias, expires). */
export const EXPIRY_NOTICE_DAYS = 3;

/**
 * Mails the owner of each alias whose date-based expiry is at most EXPIRY_NOTICE_DAYS away, once
 * per date (a new date gets its own notice), through the outbox like the digests. Runs with them.
 */
export async function runExpiryNotices(services: Services, now = new Date()): Promise<number> {
  const { db } = services.database;
  let sent = 0;
  for (const alias of await listExpiryNoticeAliases(db, now, new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS))) {
    if (!(await claimExpiryNotice(db, alias.id, alias.expiresAt!, now))) continue;
    const mail = expiryNoticeMail({
      address: `${alias.handle}@${alias.domain}`,
      expires: alias.expiresAt!,
      link: publicLink(services, `/alias/${alias.id}/inbox`),
    });
    await queueProductMail(services, { kind: 'expiry', to: alias.email, content: mail });
    sent++;
  }
  if (sent) services.log.info({ component: 'digests', sent }, 'expiry notices queued');
  return sent;
}
