// Content-free notifications of new mail (docs/product.md §3 "Notifications"): each run claims the
// mail that ingest marked at aliases with notifications on since the last run, and sends one note per
// account and channel, so mail within one run (a minute by default) makes one note. A note names the
// alias and the sender domains only (docs/security.md NT1).
import { claimNotifyMail, deletePushSubscriptionById, insertOutbox, listPushSubscriptions, type NotifyMail } from '@app/db';
import { notificationLines, notificationMail, systemFrom, type NotificationEntry } from '@app/mail';
import { enqueueOutbox, open, sealedOutbox, type Services } from '@app/runtime';
import type { PushSubscription } from 'web-push';

/** Push services answer 404/410 for a subscription the browser dropped (RFC 8030 §7.3). */
const GONE = new Set([404, 410]);
/** Tries per browser and note when the push service fails for the moment. */
const PUSH_ATTEMPTS = 3;
/** How long a push service keeps an undelivered note for an offline browser, in seconds. */
const PUSH_TTL = 24 * 3600;

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

interface AccountNotes {
  email: string;
  byChannel: { email: NotificationEntry[]; push: NotificationEntry[] };
}

/** Runs once: claims new mail and queues or sends the notes. Returns the notes sent. */
export async function runNotifications(services: Services): Promise<number> {
  const { db } = services.database;
  const accounts = new Map<number, AccountNotes>();
  const byAlias = new Map<number, { mail: NotifyMail; senders: string[] }>();
  for (const mail of await claimNotifyMail(db)) {
    const entry = byAlias.get(mail.aliasId) ?? { mail, senders: [] };
    entry.senders.push(mail.senderAddress);
    byAlias.set(mail.aliasId, entry);
  }
  for (const { mail, senders } of byAlias.values()) {
    const notes = accounts.get(mail.accountId) ?? { email: mail.email, byChannel: { email: [], push: [] } };
    notes.byChannel[mail.notify === 'push' ? 'push' : 'email'].push({
      address: `${mail.handle}@${mail.domain}`,
      count: senders.length,
      domains: [...new Set(senders.filter((s) => s.includes('@')).map(domainOf))].sort(),
    });
    accounts.set(mail.accountId, notes);
  }
  let sent = 0;
  for (const [accountId, { email, byChannel }] of accounts) {
    if (byChannel.email.length) {
      const link = new URL('/', services.config.PUBLIC_URL).toString();
      const row = await insertOutbox(
        db,
        sealedOutbox(services.keys, {
          kind: 'notify',
          fromAddress: systemFrom(services.config.MAIL_DOMAIN),
          toAddress: email,
          content: notificationMail({ entries: byChannel.email, link }),
        }),
      );
      await enqueueOutbox(services.queue, row.id);
      sent++;
    }
    if (byChannel.push.length) sent += await pushToAccount(services, accountId, notificationLines(byChannel.push).join('\n'));
  }
  return sent;
}

/** Sends the note to every browser of the account; a subscription the push service no longer knows is deleted. */
async function pushToAccount(services: Services, accountId: number, body: string): Promise<number> {
  const { db } = services.database;
  const log = services.log.child({ component: 'notify' });
  const rows = await listPushSubscriptions(db, accountId);
  if (!rows.length) return 0;
  // Loaded by the first push: a worker whose accounts have no browser subscribed never holds it.
  const { default: webpush } = await import('web-push');
  const vapid = await services.push.vapid(db);
  const key = await services.keys.accountKey(db, accountId);
  const payload = JSON.stringify({ title: 'New mail', body });
  let sent = 0;
  for (const row of rows) {
    const subscription = JSON.parse(open(key, row.sealed).toString('utf8')) as PushSubscription;
    for (let attempt = 1; ; attempt++) {
      try {
        await webpush.sendNotification(subscription, payload, {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: PUSH_TTL,
        });
        sent++;
        break;
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status !== undefined && GONE.has(status)) {
          await deletePushSubscriptionById(db, row.id);
          log.info({ accountId, subscriptionId: row.id, status }, 'push subscription gone; deleted');
          break;
        }
        // The note's mail is claimed already: a push service that failed for the moment (no answer,
        // 429, 5xx) gets a few more tries rather than the note being lost.
        if (attempt < PUSH_ATTEMPTS && (status === undefined || status === 429 || status >= 500)) {
          await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
          continue;
        }
        // The endpoint is a capability: logged by id only.
        log.warn({ accountId, subscriptionId: row.id, status, err: (err as Error).message }, 'push not delivered');
        break;
      }
    }
  }
  return sent;
}
