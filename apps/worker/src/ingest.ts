import {
  bumpAliasForDelivery,
  countInboundAttempt,
  findAliasesForIngest,
  findEffectivePackage,
  findInbound,
  finishInbound,
  insertAliasLogs,
  insertAttachments,
  insertMessage,
  lockQueuedInbound,
  type AliasLogValues,
} from '@app/db';
import { parseMail, ParseTimeoutError, type ParsedMessage } from '@app/mail';
import { seal, type AccountEvent, type DataKey, type KeyScheme, type Services } from '@app/runtime';
import type { WorkerOptions } from './options';

export type IngestOutcome = 'stored' | 'failed' | 'skipped';

/**
 * Turns one inbound row into one message per recipient alias (DESIGN §3.4): parse once, seal
 * under a fresh per-message key, store, count, log, all in one transaction; events after commit.
 *
 * Idempotent (SECURITY D5): the row is locked and must still be 'queued', and (inbound, alias) is
 * unique in messages, so a re-delivered or duplicated job stores nothing twice.
 */
export async function ingestInbound(
  services: Services,
  inboundId: number,
  attempt: number,
  opts: Pick<WorkerOptions, 'maxAttempts' | 'parseTimeoutMs' | 'sweepAfterMs'>,
): Promise<IngestOutcome> {
  const { db } = services.database;
  const log = services.log.child({ component: 'ingest', inboundId });
  const row = await findInbound(db, inboundId);
  if (!row || row.state !== 'queued') return 'skipped';

  // Attempts are counted only for retries and for rows the sweeper found, so the common path
  // costs no extra write; a message that keeps crashing the worker is eventually kept unparsed.
  let attempts = row.attempts;
  if (attempt > 1 || Date.now() - row.receivedAt.getTime() > opts.sweepAfterMs) attempts = await countInboundAttempt(db, inboundId);

  const targets = await findAliasesForIngest(db, row.aliasIds);
  if (!row.raw || targets.length === 0) {
    await finishInbound(db, inboundId, 'failed', row.raw ? 'no recipient alias left' : 'raw message missing');
    log.warn('inbound dropped: nothing to deliver');
    return 'failed';
  }
  const raw = row.raw;

  let parsed: ParsedMessage | null = null;
  let failure: string | null = null;
  if (attempts > opts.maxAttempts) {
    failure = `not parsed after ${attempts - 1} attempts`;
  } else {
    try {
      parsed = await parseMail(raw, { timeoutMs: opts.parseTimeoutMs });
    } catch (err) {
      // M1/D11: the message stays visible as 'failed' and its raw bytes downloadable.
      failure = err instanceof ParseTimeoutError ? err.message : `parse error: ${(err as Error).name}`;
    }
  }

  // Keys and package features are read before the transaction; cached per process.
  const aliasKeys = new Map<number, DataKey>();
  const schemes = new Map<number, KeyScheme>();
  for (const { alias } of targets) {
    aliasKeys.set(alias.id, await services.keys.aliasKey(db, alias));
    if (!schemes.has(alias.accountId)) {
      const pkg = await findEffectivePackage(db, alias.accountId);
      schemes.set(alias.accountId, pkg.features.triple_encryption ? 'triple' : 'aes');
    }
  }

  const now = new Date();
  const events: Array<{ accountId: number; event: AccountEvent }> = [];
  const done = await db.transaction(async (tx) => {
    if (!(await lockQueuedInbound(tx, inboundId))) return false;
    const logs: AliasLogValues[] = [];
    for (const { alias, domain } of targets) {
      const key = await services.keys.create(tx, aliasKeys.get(alias.id)!, schemes.get(alias.accountId));
      const k = key.key;
      const messageId = await insertMessage(tx, {
        aliasId: alias.id,
        inboundId,
        keyId: key.id,
        direction: 'in',
        state: parsed ? 'ok' : 'failed',
        senderLabel: parsed ? parsed.senderLabel || row.mailFrom : row.mailFrom,
        senderAddress: parsed ? parsed.senderAddress : row.mailFrom,
        recipient: `${alias.handle}@${domain}`,
        subjectSealed: parsed ? seal(k, parsed.subject) : null,
        textSealed: parsed?.text != null ? seal(k, parsed.text) : null,
        htmlSealed: parsed?.html != null ? seal(k, parsed.html) : null,
        rawSealed: seal(k, raw),
        hasHtml: !!parsed?.html,
        size: raw.length,
        attachmentsCount: parsed?.attachments.length ?? 0,
        warnings: parsed ? parsed.warnings : [failure ?? 'could not be parsed'],
        messageIdHeader: parsed?.messageId ?? null,
        sentAt: parsed?.sentAt ?? row.receivedAt,
        createdAt: now,
      });
      if (messageId === null) {
        // Stored by an earlier attempt that committed; drop the key made for nothing.
        await services.keys.shred(tx, [key.id]);
        continue;
      }
      if (parsed?.attachments.length) {
        await insertAttachments(
          tx,
          parsed.attachments.map((a) => ({
            messageId,
            filename: a.filename,
            contentType: a.contentType,
            size: a.size,
            cid: a.cid,
            contentSealed: seal(k, a.content),
          })),
        );
      }
      const counters = await bumpAliasForDelivery(tx, alias.id, now);
      logs.push({ aliasId: alias.id, userId: alias.accountId, method: 'SMTP', endpoint: 'DATA', status: 250, detail: parsed ? 'delivered' : 'delivered unparsed' });
      events.push({
        accountId: alias.accountId,
        event: { type: 'message', aliasId: alias.id, messageId, unread_count: counters?.unreadCount, total_count: counters?.totalCount },
      });
    }
    await insertAliasLogs(tx, logs);
    await finishInbound(tx, inboundId, parsed ? 'done' : 'failed', failure);
    return true;
  });
  if (!done) return 'skipped';

  for (const e of events) {
    await services.events.publish(e.accountId, e.event).catch((err: Error) => log.warn({ err: err.message }, 'event publish failed'));
  }
  log.debug({ aliases: targets.length, state: parsed ? 'done' : 'failed' }, 'ingested');
  return parsed ? 'stored' : 'failed';
}
