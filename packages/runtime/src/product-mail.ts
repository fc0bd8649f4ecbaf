import { insertOutbox, type NewOutbox } from '@app/db';
import { systemFrom } from '@app/shared';
import { enqueueOutbox } from './queue';
import { sealedOutbox, type OutboxContent } from './sealed';
import type { Services } from './services';

/** A link into the web app, always built from PUBLIC_URL, never from a request's Host (docs/security.md W6). */
export function publicLink(services: Pick<Services, 'config'>, path: string): string {
  return new URL(path, services.config.PUBLIC_URL).toString();
}

/**
 * Queues one mail of the product itself (invitations, resets, security notices, notifications,
 * digests), from its own address on the shared domain: the sealed outbox row is committed first,
 * then its job. With the queue down the row stays queued and the worker's sweep sends it later, so
 * the caller never fails on it.
 */
export async function queueProductMail(
  services: Pick<Services, 'config' | 'database' | 'keys' | 'queue' | 'log'>,
  mail: { kind: NewOutbox['kind']; to: string; content: OutboxContent },
): Promise<number> {
  const row = await insertOutbox(
    services.database.db,
    sealedOutbox(services.keys, {
      kind: mail.kind,
      fromAddress: systemFrom(services.config.MAIL_DOMAIN),
      toAddress: mail.to,
      content: mail.content,
    }),
  );
  try {
    await enqueueOutbox(services.queue, row.id);
  } catch (err) {
    services.log.warn({ outboxId: row.id, err: (err as Error).message }, 'outbound job not queued; the sweep will retry');
  }
  return row.id;
}
