// Content-free notifications of new mail (docs/product.md §3 "Notifications"): each run claims the
// mail that ingest marked at aliases with notifications on since the last run, and sends one note per
// account and channel, so mail within one run (a minute by default) makes one note. A note names the
// alias and the sender domains only (docs/security.md NT1).
import { claimNotifyMail, deletePushSubscriptionById, listPushSubscriptions, type NotifyMail } from '@app/db';
import { Agent } from 'node:https';
import {
  notificationLines,
  notificationMail,
  pinnedLookup,
  PUBLIC_ADDRESSES,
  resolveAllowed,
  type AddressPolicy,
  type NotificationEntry,
} from '@app/mail';
import { open, publicLink, queueProductMail, type Services } from '@app/runtime';
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

/**
 * How pushes go out (docs/security.md W20): only to public addresses, each request within a
 * deadline, several at once across accounts, so one dead or hanging endpoint holds one slot for
 * at most its deadline (and retries) and never the notes of other accounts.
 */
export interface PushOptions {
  policy: AddressPolicy;
  /** The deadline of one request to a push service. */
  timeoutMs: number;
  /** Requests in flight at once, across all accounts. */
  concurrency: number;
}

export const PUSH_DEFAULTS: PushOptions = { policy: PUBLIC_ADDRESSES, timeoutMs: 10_000, concurrency: 16 };

/** Runs once: claims new mail and queues or sends the notes. Returns the notes sent. */
export async function runNotifications(services: Services, push: PushOptions = PUSH_DEFAULTS): Promise<number> {
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
  const pushes: Array<() => Promise<boolean>> = [];
  for (const [accountId, { email, byChannel }] of accounts) {
    if (byChannel.email.length) {
      const content = notificationMail({ entries: byChannel.email, link: publicLink(services, '/') });
      await queueProductMail(services, { kind: 'notify', to: email, content });
      sent++;
    }
    if (byChannel.push.length)
      pushes.push(...(await pushesOf(services, accountId, notificationLines(byChannel.push).join('\n'), push)));
  }
  return sent + (await inParallel(pushes, push.concurrency)).filter(Boolean).length;
}

/** Runs the tasks, at most `limit` at once; their results in order. */
async function inParallel<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}

/** One task per browser of the account, each sending the note; a subscription the push service no longer knows is deleted. */
async function pushesOf(
  services: Services,
  accountId: number,
  body: string,
  push: PushOptions,
): Promise<Array<() => Promise<boolean>>> {
  const { db } = services.database;
  const log = services.log.child({ component: 'notify' });
  const rows = await listPushSubscriptions(db, accountId);
  if (!rows.length) return [];
  // Loaded by the first push: a worker whose accounts have no browser subscribed never holds it.
  const { default: webpush } = await import('web-push');
  const vapid = await services.push.vapid(db);
  const key = await services.keys.accountKey(db, accountId);
  const payload = JSON.stringify({ title: 'New mail', body });
  return rows.map((row) => async () => {
    const subscription = JSON.parse(open(key, row.sealed).toString('utf8')) as PushSubscription;
    // Checked again at send time: the name may resolve elsewhere now, or the row predate the check.
    const resolved = await resolveAllowed(new URL(subscription.endpoint).hostname, push.policy);
    if (!resolved.ok) {
      log.warn({ accountId, subscriptionId: row.id, reason: resolved.reason }, 'push endpoint not on a public address; not sent');
      return false;
    }
    for (let attempt = 1; ; attempt++) {
      // The connection goes to the checked address only (no second resolution to rebind).
      const agent = new Agent({ lookup: pinnedLookup(resolved.ip), maxSockets: 1 });
      let deadline: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          webpush.sendNotification(subscription, payload, {
            vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
            TTL: PUSH_TTL,
            timeout: push.timeoutMs,
            agent,
          }),
          new Promise((_, reject) => {
            deadline = setTimeout(() => reject(new Error('deadline')), push.timeoutMs);
          }),
        ]);
        return true;
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status !== undefined && GONE.has(status)) {
          await deletePushSubscriptionById(db, row.id);
          log.info({ accountId, subscriptionId: row.id, status }, 'push subscription gone; deleted');
          return false;
        }
        // The note's mail is claimed already: a push service that failed for the moment (no answer,
        // 429, 5xx) gets a few more tries rather than the note being lost.
        if (attempt < PUSH_ATTEMPTS && (status === undefined || status === 429 || status >= 500)) {
          await new Promise((resolve) => setTimeout(resolve, attempt * 1000));
          continue;
        }
        // The endpoint is a capability: logged by id only.
        log.warn({ accountId, subscriptionId: row.id, status, err: (err as Error).message }, 'push not delivered');
        return false;
      } finally {
        clearTimeout(deadline);
        agent.destroy();
      }
    }
  });
}
