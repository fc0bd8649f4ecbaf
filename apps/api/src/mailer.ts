import { insertOutbox, recordOutboxAttempt } from '@app/db';
import { createMailSender, describeSendError, systemFrom, type MailContent, type MailSender } from '@app/mail';
import { enqueueOutbox, sealedOutbox, type Services } from '@app/runtime';

export type MailKind = 'invitation' | 'reset' | 'test';

/** A link into the SPA, always built from PUBLIC_URL, never from the request's Host (docs/security.md W6). */
export function publicLink(services: Pick<Services, 'config'>, path: string): string {
  return new URL(path, services.config.PUBLIC_URL).toString();
}

/**
 * Queues a mail: the outbox row is committed first (state 'queued'), then its job. If the queue is
 * down the row stays queued and the worker's sweep sends it later, so the caller never fails on it.
 */
export async function queueMail(services: Services, kind: MailKind, to: string, content: MailContent): Promise<number> {
  const row = await insertOutbox(
    services.database.db,
    sealedOutbox(services.keys, { kind, fromAddress: systemFrom(services.config.MAIL_DOMAIN), toAddress: to, content }),
  );
  try {
    await enqueueOutbox(services.queue, row.id);
  } catch (err) {
    services.log.warn({ outboxId: row.id, err: (err as Error).message }, 'outbound job not queued; the sweep will retry');
  }
  return row.id;
}

export type SendNowResult =
  { state: 'sent'; messageId: string | null } | { state: 'kept' } | { state: 'failed'; error: string; relatedTo: string[] };

/** Sends at once through the same sender as the worker (the admin test e-mail), recording the outcome. */
export async function sendMailNow(
  services: Services,
  sender: MailSender,
  kind: MailKind,
  to: string,
  content: MailContent,
): Promise<SendNowResult> {
  const { db } = services.database;
  const from = systemFrom(services.config.MAIL_DOMAIN);
  const row = await insertOutbox(db, sealedOutbox(services.keys, { kind, fromAddress: from, toAddress: to, content }));
  if (!sender.configured) {
    await recordOutboxAttempt(db, row.id, { state: 'kept' });
    return { state: 'kept' };
  }
  try {
    const info = await sender.send({ from, to, ...content });
    await recordOutboxAttempt(db, row.id, { state: 'sent' });
    return { state: 'sent', messageId: info.messageId };
  } catch (err) {
    const { message, relatedTo } = describeSendError(err, to);
    await recordOutboxAttempt(db, row.id, { state: 'failed', error: message });
    return { state: 'failed', error: message, relatedTo };
  }
}

/** One sender per app for synchronous sends, closed with the app. */
export function createApiSender(services: Services): MailSender {
  return createMailSender(services.config.SMTP_RELAY_URL, {
    timeoutMs: 10_000,
    heloName: services.config.MX_HOSTNAME,
    dkimFor: (from) => services.dkim.signingFor(services.database.db, from),
  });
}
