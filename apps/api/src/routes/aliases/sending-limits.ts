import { hasWrittenTo, type AliasRow } from '@app/db';
import { namedBucket, type Services } from '@app/runtime';
import { REPLY_MESSAGES, SENDING_LIMIT_MESSAGES, type StoredAuthVerdict } from '@app/shared';
import { AppError } from '../../errors';

/**
 * docs/security.md W21: a reply goes only where the owner means it to. A message with no verdict
 * (imported from an mbox, or received before verdicts were stored) or whose sender failed
 * authentication may carry any From: answering it needs the owner's explicit confirmation, or a
 * member could import a list of addresses and mail them from the shared domain.
 */
export function requireConfirmedSender(auth: StoredAuthVerdict | null, confirm: boolean | undefined): void {
  const unverified = !auth?.sender || auth.sender === 'failed';
  if (unverified && !confirm) throw new AppError('CONFIRM_REQUIRED', REPLY_MESSAGES.unverifiedSender);
}

/**
 * docs/security.md W21: counts one send against the alias's hourly and the account's daily limit,
 * and against the daily limit of new recipients when the account never wrote to `to` before. All
 * at once or none; a refusal names the limit reached and the wait.
 */
export async function countSend(services: Services, alias: AliasRow, to: string): Promise<void> {
  const { config, limiter } = services;
  const perAlias = namedBucket(config, 'send:alias', alias.id);
  const perAccount = namedBucket(config, 'send:account', alias.accountId);
  const buckets = [perAlias, perAccount];
  const isNew = !(await hasWrittenTo(services.database.db, alias.accountId, to));
  const newRecipients = namedBucket(config, 'send:new-recipient', alias.accountId);
  if (isNew) buckets.push(newRecipients);
  const { allowed, retryAfterMs } = await limiter.consume(buckets);
  if (allowed) return;
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  const message = (await limiter.isFull(perAlias))
    ? SENDING_LIMIT_MESSAGES.alias(perAlias.limit, minutes)
    : (await limiter.isFull(perAccount))
      ? SENDING_LIMIT_MESSAGES.account(perAccount.limit, minutes)
      : SENDING_LIMIT_MESSAGES.newRecipients(newRecipients.limit, minutes);
  throw new AppError('RATE_LIMITED', message, retryAfterMs);
}
