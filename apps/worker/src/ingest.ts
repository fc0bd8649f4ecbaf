import {
  bumpAliasForDelivery,
  countInboundAttempt,
  deleteKeys,
  findAliasesForIngest,
  findEffectivePackage,
  finishInbound,
  finishInboundMany,
  insertAliasLogs,
  insertAttachments,
  insertKeysBulk,
  insertMessagesBulk,
  listQueuedInbound,
  lockQueuedInboundIds,
  type AliasLogValues,
  type AliasRow,
  type InboundRow,
  type NewAttachment,
  type NewMessage,
} from '@app/db';
import { authWarnings, parseMail, ParseTimeoutError, type AuthVerdict, type ParsedMessage } from '@app/mail';
import { generateKey, seal, wrapKey, type AccountEvent, type DataKey, type KeyScheme, type Services } from '@app/runtime';
import type { WorkerOptions } from './options';

export type IngestOutcome = 'stored' | 'failed' | 'skipped';
export type IngestOptions = Pick<WorkerOptions, 'maxAttempts' | 'parseTimeoutMs' | 'sweepAfterMs'>;

/** Package feature look-ups are cached briefly: one account's mail arrives in bursts. */
const SCHEME_TTL_MS = 30_000;
const schemeCache = new Map<number, { scheme: KeyScheme; at: number }>();

async function keyScheme(services: Services, accountId: number): Promise<KeyScheme> {
  const hit = schemeCache.get(accountId);
  if (hit && Date.now() - hit.at < SCHEME_TTL_MS) return hit.scheme;
  const pkg = await findEffectivePackage(services.database.db, accountId);
  const scheme: KeyScheme = pkg.features.triple_encryption ? 'triple' : 'aes';
  if (schemeCache.size > 50_000) schemeCache.clear();
  schemeCache.set(accountId, { scheme, at: Date.now() });
  return scheme;
}

interface Prepared {
  row: InboundRow;
  parsed: ParsedMessage | null;
  failure: string | null;
}

/**
 * Turns inbound rows into messages, one per recipient alias (DESIGN §3.4): each raw message is
 * parsed once, then everything of the batch is sealed under fresh per-message keys and stored in
 * ONE transaction (one commit for many messages: the batching DESIGN §7 asks for), with the alias
 * counters, `contacted`, the alias log and the inbound rows' final state; live events follow the
 * commit.
 *
 * Idempotent (SECURITY D5): the inbound rows are locked and must still be 'queued', and
 * (inbound, alias) is unique in messages, so a re-delivered or duplicated job stores nothing twice.
 * A message that cannot be parsed is stored as 'failed' with its sealed raw bytes (D11, M1).
 */
export async function ingestBatch(
  services: Services,
  jobs: Array<{ id: number; attempt: number }>,
  opts: IngestOptions,
): Promise<Map<number, IngestOutcome>> {
  const { db } = services.database;
  const log = services.log.child({ component: 'ingest' });
  const outcome = new Map<number, IngestOutcome>(jobs.map((j) => [j.id, 'skipped']));
  const attemptOf = new Map(jobs.map((j) => [j.id, j.attempt]));
  const rows = await listQueuedInbound(db, [...outcome.keys()]);
  if (!rows.length) return outcome;

  // Aliases of the whole batch; a deleted alias is simply absent.
  const targets = await findAliasesForIngest(db, [...new Set(rows.flatMap((r) => r.aliasIds))]);
  const aliasById = new Map(targets.map((t) => [t.alias.id, t]));

  const prepared: Prepared[] = [];
  for (const row of rows) {
    // Attempts are counted only for retries and for rows the sweeper found, so the common path
    // costs no extra write; a message that keeps crashing the worker is eventually kept unparsed.
    let attempts = row.attempts;
    if ((attemptOf.get(row.id) ?? 1) > 1 || Date.now() - row.receivedAt.getTime() > opts.sweepAfterMs) {
      attempts = await countInboundAttempt(db, row.id);
    }
    if (!row.raw || !row.aliasIds.some((id) => aliasById.has(id))) {
      await finishInbound(db, row.id, 'failed', row.raw ? 'no recipient alias left' : 'raw message missing');
      outcome.set(row.id, 'failed');
      log.warn({ inboundId: row.id }, 'inbound dropped: nothing to deliver');
      continue;
    }
    let parsed: ParsedMessage | null = null;
    let failure: string | null = null;
    if (attempts > opts.maxAttempts) {
      failure = `not parsed after ${attempts - 1} attempts`;
    } else {
      try {
        parsed = await parseMail(row.raw, { timeoutMs: opts.parseTimeoutMs });
      } catch (err) {
        failure = err instanceof ParseTimeoutError ? err.message : `parse error: ${(err as Error).name}`;
      }
    }
    prepared.push({ row, parsed, failure });
  }
  if (!prepared.length) return outcome;

  // Keys and package features are read before the transaction (cached per process).
  const aliasKeys = new Map<number, DataKey>();
  const schemes = new Map<number, KeyScheme>();
  for (const { alias } of targets) {
    aliasKeys.set(alias.id, await services.keys.aliasKey(db, alias));
    schemes.set(alias.accountId, await keyScheme(services, alias.accountId));
  }

  const now = new Date();
  const events: Array<{ accountId: number; event: AccountEvent }> = [];
  await db.transaction(async (tx) => {
    const locked = new Set(await lockQueuedInboundIds(tx, prepared.map((p) => p.row.id)));
    const work = prepared.filter((p) => locked.has(p.row.id));
    if (!work.length) return;

    // One message (and one fresh key) per (inbound row, alias).
    const plan: Array<{ p: Prepared; alias: AliasRow; domain: string; key: DataKey }> = [];
    for (const p of work) {
      for (const aliasId of new Set(p.row.aliasIds)) {
        const t = aliasById.get(aliasId);
        if (t) plan.push({ p, alias: t.alias, domain: t.domain, key: generateKey(schemes.get(t.alias.accountId) ?? 'aes') });
      }
    }
    const keyIds = await insertKeysBulk(
      tx,
      plan.map((x) => ({ scheme: x.key.scheme, wrapped: wrapKey(aliasKeys.get(x.alias.id)!, x.key) })),
    );
    const rowsToInsert: NewMessage[] = plan.map((x, i) => {
      const { p, alias, domain, key } = x;
      const m = p.parsed;
      const raw = p.row.raw!;
      return {
        aliasId: alias.id,
        inboundId: p.row.id,
        keyId: keyIds[i]!,
        direction: 'in',
        state: m ? 'ok' : 'failed',
        senderLabel: m ? m.senderLabel || p.row.mailFrom : p.row.mailFrom,
        senderAddress: m ? m.senderAddress : p.row.mailFrom,
        recipient: `${alias.handle}@${domain}`,
        subjectSealed: m ? seal(key, m.subject) : null,
        textSealed: m?.text != null ? seal(key, m.text) : null,
        htmlSealed: m?.html != null ? seal(key, m.html) : null,
        rawSealed: seal(key, raw),
        hasHtml: !!m?.html,
        size: raw.length,
        attachmentsCount: m?.attachments.length ?? 0,
        auth: p.row.auth,
        // The verdict's notes (issue 10) beside the parser's; rows accepted before it have none.
        warnings: [...(m ? m.warnings : [p.failure ?? 'could not be parsed']), ...(p.row.auth ? authWarnings(p.row.auth as AuthVerdict, alias.isWhitelisted) : [])],
        messageIdHeader: m?.messageId ?? null,
        sentAt: m?.sentAt ?? p.row.receivedAt,
        createdAt: now,
      };
    });
    const inserted = await insertMessagesBulk(tx, rowsToInsert);
    const byPair = new Map(inserted.map((r) => [`${r.inboundId}:${r.aliasId}`, r.id]));

    // Keys made for messages an earlier attempt had stored already: drop them (rare).
    const unused = plan.flatMap((x, i) => (byPair.has(`${x.p.row.id}:${x.alias.id}`) ? [] : [keyIds[i]!]));
    if (unused.length) await deleteKeys(tx, unused);

    const attachments: NewAttachment[] = [];
    const perAlias = new Map<number, { alias: AliasRow; messageIds: number[]; parsed: number }>();
    const logs: AliasLogValues[] = [];
    plan.forEach((x) => {
      const messageId = byPair.get(`${x.p.row.id}:${x.alias.id}`);
      if (messageId === undefined) return;
      for (const a of x.p.parsed?.attachments ?? []) {
        attachments.push({ messageId, filename: a.filename, contentType: a.contentType, size: a.size, cid: a.cid, contentSealed: seal(x.key, a.content) });
      }
      const agg = perAlias.get(x.alias.id) ?? { alias: x.alias, messageIds: [], parsed: 0 };
      agg.messageIds.push(messageId);
      perAlias.set(x.alias.id, agg);
      logs.push({ aliasId: x.alias.id, userId: x.alias.accountId, method: 'SMTP', endpoint: 'DATA', status: 250, detail: x.p.parsed ? 'delivered' : 'delivered unparsed' });
    });
    await insertAttachments(tx, attachments);
    // Counters last: the alias row stays locked for as short a time as possible.
    await insertAliasLogs(tx, logs);
    const failed = work.filter((p) => !p.parsed);
    await finishInboundMany(tx, work.filter((p) => p.parsed).map((p) => p.row.id));
    for (const p of failed) await finishInbound(tx, p.row.id, 'failed', p.failure);
    for (const { alias, messageIds } of [...perAlias.values()].sort((a, b) => a.alias.id - b.alias.id)) {
      const counters = await bumpAliasForDelivery(tx, alias.id, now, messageIds.length);
      for (const messageId of messageIds) {
        events.push({ accountId: alias.accountId, event: { type: 'message', aliasId: alias.id, messageId, unread_count: counters?.unreadCount, total_count: counters?.totalCount } });
      }
    }
    for (const p of work) outcome.set(p.row.id, p.parsed ? 'stored' : 'failed');
  });

  for (const e of events) {
    await services.events.publish(e.accountId, e.event).catch((err: Error) => log.warn({ err: err.message }, 'event publish failed'));
  }
  return outcome;
}

/** One inbound row (a job's whole work when it is not batched). */
export async function ingestInbound(services: Services, inboundId: number, attempt: number, opts: IngestOptions): Promise<IngestOutcome> {
  return (await ingestBatch(services, [{ id: inboundId, attempt }], opts)).get(inboundId) ?? 'skipped';
}

/**
 * Gathers the ingest jobs that run at the same time into batches: a job waits a few milliseconds
 * for others, then the batch is stored in one transaction. If a batch fails as a whole, its jobs
 * are retried one by one, so one bad row cannot hold back the others.
 */
export class IngestBatcher {
  private pending: Array<{ id: number; attempt: number; resolve: () => void; reject: (err: unknown) => void }> = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private services: Services,
    private opts: IngestOptions,
    private maxBatch = 64,
    private waitMs = 3,
  ) {}

  add(id: number, attempt: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ id, attempt, resolve, reject });
      if (this.pending.length >= this.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.waitMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending.splice(0, this.maxBatch);
    if (!batch.length) return;
    if (this.pending.length) this.timer = setTimeout(() => this.flush(), this.waitMs);
    void ingestBatch(this.services, batch, this.opts).then(
      () => batch.forEach((j) => j.resolve()),
      async (err: Error) => {
        this.services.log.warn({ err: err.message, size: batch.length }, 'ingest batch failed; retrying one by one');
        for (const j of batch) {
          await ingestInbound(this.services, j.id, j.attempt, this.opts).then(j.resolve, j.reject);
        }
      },
    );
  }
}
