import { insertOutbox, recordOutboxAttempt } from '@app/db';
import { createMailSender, describeSendError, type MailContent, type MailSender } from '@app/mail';
import { sealedOutbox, type Services } from '@app/runtime';
import { systemFrom } from '@app/shared';

export type MailKind = 'invitation' | 'reset' | 'security' | 'test';

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
