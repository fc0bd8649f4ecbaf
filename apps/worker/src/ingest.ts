import { createHash } from 'node:crypto';
import {
  bumpAliasForDelivery,
  claimInbound,
  deleteKeys,
  findAliasesForIngest,
  findEffectivePackage,
  finishInbound,
  finishInboundMany,
  insertAliasLogs,
  insertAttachments,
  insertKeysBulk,
  insertMessagesBulk,
  insertNotifyPending,
  insertMessageTerms,
  lockQueuedInboundIds,
  recordAliasOrigin,
  type AliasLogValues,
  type AliasRow,
  type AliasWithDomain,
  type InboundRow,
  type NewAttachment,
  type NewMessage,
  type MessageTermsRow,
} from '@app/db';
import {
  findVerification,
  leakOrganisation,
  parseMail,
  ParseTimeoutError,
  senderOrganisation,
  type MessageMeta,
  type ParsedMessage,
  type SenderFacts,
} from '@app/mail';
import { authWarnings } from '@app/mail/verdict';
import {
  generateKey,
  messageTerms,
  threadKey,
  openInboundRaw,
  seal,
  sealSnippet,
  sealVerification,
  wrapKey,
  type AccountEvent,
  type DataKey,
  type IndexedTerms,
  type KeyScheme,
  type Services,
} from '@app/runtime';
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

/** One inbound row, opened and parsed (or with the reason it could not be). */
interface Prepared {
  row: InboundRow;
  raw: Buffer;
  parsed: ParsedMessage | null;
  failure: string | null;
}

/** One message to store: an inbound row delivered to one alias, sealed under its own fresh key. */
interface Planned {
  p: Prepared;
  alias: AliasRow;
  wrappedKey: { scheme: KeyScheme; wrapped: Buffer };
  message: Omit<NewMessage, 'keyId'>;
  attachments: Array<Omit<NewAttachment, 'messageId'>>;
  /** Leak detection (docs/product.md §3 Alias): the origin this message taught, or the organisation it leaked to. */
  origin: string | null;
  leak: string | null;
  /** Its blind index terms under the account's search key (docs/security.md SR1). */
  terms: IndexedTerms;
}

/**
 * Turns claimed inbound rows into messages, one per recipient alias (docs/architecture.md §3.4), in three steps:
 * `prepare` opens and parses each raw message once, `plan` seals everything under fresh per-message
 * keys, `store` writes the batch in ONE transaction (one commit for many messages, docs/performance.md
 * §4) with the alias counters, `contacted`, the alias log and the inbound rows'
 * final state; live events follow the commit.
 *
 * Idempotent (docs/security.md D5): the inbound rows are locked and must still be 'queued', and
 * (inbound, alias) is unique in messages, so a row taken twice (its claim ran out while a slow
 * batch held it) stores nothing twice.
 * A message that cannot be parsed is stored as 'failed' with its sealed raw bytes (D11, M1).
 */
export async function ingestClaimed(
  services: Services,
  rows: InboundRow[],
  opts: IngestOptions,
): Promise<Map<number, IngestOutcome>> {
  const { db } = services.database;
  const outcome = new Map<number, IngestOutcome>(rows.map((r) => [r.id, 'skipped']));
  if (!rows.length) return outcome;

  // Aliases of the whole batch; a deleted alias is simply absent.
  const targets = await findAliasesForIngest(db, [...new Set(rows.flatMap((r) => r.aliasIds))]);
  const aliasById = new Map(targets.map((t) => [t.alias.id, t]));

  const prepared = await prepare(services, rows, aliasById, opts, outcome);
  if (!prepared.length) {
    finished(services, rows, outcome);
    return outcome;
  }
  const now = new Date();
  const planned = await plan(services, prepared, aliasById, now);
  const events = await store(services, prepared, planned, outcome, now);
  finished(services, rows, outcome);
  // Published together: one pipelined write for the batch, not a round trip per message.
  await Promise.all(
    events.map((e) =>
      services.events
        .publish(e.accountId, e.event)
        .catch((err: Error) => services.log.warn({ component: 'ingest', err: err.message }, 'event publish failed')),
    ),
  );
  return outcome;
}

/**
 * Counts the finished rows and logs one line for each, with the inboundId of the mx's line and
 * the time since the mx's commit (nothing about the message or its owner: docs/security.md DEP10).
 */
function finished(services: Services, rows: InboundRow[], outcome: Map<number, IngestOutcome>): void {
  services.metrics.ingested(rows, outcome);
  const now = Date.now();
  for (const row of rows) {
    const result = outcome.get(row.id);
    if (result === 'skipped') continue;
    services.log.info(
      { component: 'ingest', inboundId: row.id, result, ms: now - row.receivedAt.getTime() },
      result === 'stored' ? 'message stored' : 'message failed',
    );
  }
}

/**
 * Opens each raw message (once: sealed by the mx, or in clear in rows of an earlier release) and
 * parses it. Rows with nothing to deliver are finished as 'failed' here; a row claimed more often
 * than `maxAttempts` (a message that keeps crashing the worker) is kept unparsed.
 */
async function prepare(
  services: Services,
  rows: InboundRow[],
  aliasById: Map<number, AliasWithDomain>,
  opts: IngestOptions,
  outcome: Map<number, IngestOutcome>,
): Promise<Prepared[]> {
  const { db } = services.database;
  const prepared: Prepared[] = [];
  for (const row of rows) {
    const raw = openInboundRaw(services.keys, row);
    if (!raw || !row.aliasIds.some((id) => aliasById.has(id))) {
      await finishInbound(db, row.id, 'failed', raw ? 'no recipient alias left' : 'raw message missing');
      outcome.set(row.id, 'failed');
      services.log.warn({ component: 'ingest', inboundId: row.id }, 'inbound dropped: nothing to deliver');
      continue;
    }
    let parsed: ParsedMessage | null = null;
    let failure: string | null = null;
    if (row.attempts > opts.maxAttempts) {
      failure = `not parsed after ${row.attempts - 1} attempts`;
    } else {
      try {
        parsed = await parseMail(raw, { timeoutMs: opts.parseTimeoutMs });
      } catch (err) {
        failure = err instanceof ParseTimeoutError ? err.message : `parse error: ${(err as Error).name}`;
      }
    }
    prepared.push({ row, raw, parsed, failure });
  }
  return prepared;
}

/** Seals each (row, alias) message and its attachments under a fresh key wrapped by the alias key. */
async function plan(
  services: Services,
  prepared: Prepared[],
  aliasById: Map<number, AliasWithDomain>,
  now: Date,
): Promise<Planned[]> {
  const { db } = services.database;
  // Keys and package features are read before the transaction (cached per process).
  const aliasKeys = new Map<number, DataKey>();
  const schemes = new Map<number, KeyScheme>();
  const searchKeys = new Map<number, DataKey>();
  for (const { alias } of aliasById.values()) {
    aliasKeys.set(alias.id, await services.keys.aliasKey(db, alias));
    if (!schemes.has(alias.accountId)) schemes.set(alias.accountId, await keyScheme(services, alias.accountId));
    if (!searchKeys.has(alias.accountId)) searchKeys.set(alias.accountId, await services.keys.searchKey(db, alias.accountId));
  }
  const planned: Planned[] = [];
  // The origin of each alias as this batch goes: the first sender of an alias without one teaches it.
  const origins = new Map<number, string | null>();
  for (const p of prepared) {
    // Lets an import skip a message the alias holds already (docs/product.md §7 Export and import).
    const rawSha256 = createHash('sha256').update(p.raw).digest();
    const facts = { from: p.parsed?.senderAddress ?? null, mailFrom: p.row.mailFrom, auth: p.row.auth };
    // Found once per message, sealed under each copy's own key (docs/product.md §3 Message, verification).
    const verification = p.parsed ? findVerification(p.parsed) : null;
    for (const aliasId of new Set(p.row.aliasIds)) {
      const target = aliasById.get(aliasId);
      if (!target) continue;
      const { alias, domain } = target;
      const key = generateKey(schemes.get(alias.accountId) ?? 'aes');
      const m = p.parsed;
      const known = origins.has(alias.id) ? origins.get(alias.id)! : alias.origin;
      const learned = known ? null : senderOrganisation(facts);
      if (learned) origins.set(alias.id, learned);
      const senderLabel = m ? m.senderLabel || p.row.mailFrom : p.row.mailFrom;
      const senderAddress = m ? m.senderAddress : p.row.mailFrom;
      planned.push({
        origin: learned,
        leak: known ? leakOf(alias, known, facts) : null,
        p,
        alias,
        wrappedKey: { scheme: key.scheme, wrapped: wrapKey(aliasKeys.get(alias.id)!, key) },
        message: {
          aliasId: alias.id,
          accountId: alias.accountId,
          // Unparsed mail has no header to thread by: a conversation of its own.
          threadKey: m ? threadKey(searchKeys.get(alias.accountId)!, m) : null,
          inboundId: p.row.id,
          direction: 'in',
          state: m ? 'ok' : 'failed',
          senderLabel,
          senderAddress,
          recipient: `${alias.handle}@${domain}`,
          subjectSealed: m ? seal(key, m.subject) : null,
          textSealed: m?.text != null ? seal(key, m.text) : null,
          // mailparser derives the text of HTML-only mail, so this covers both.
          snippetSealed: sealSnippet(key, m?.text),
          verificationSealed: verification ? sealVerification(key, verification) : null,
          htmlSealed: m?.html != null ? seal(key, m.html) : null,
          metaSealed: seal(
            key,
            JSON.stringify({ unsubscribe: m?.listUnsubscribe ?? null, mailFrom: p.row.mailFrom } satisfies MessageMeta),
          ),
          rawSealed: seal(key, p.raw),
          hasHtml: !!m?.html,
          size: p.raw.length,
          // The paperclip counts what the reader can download, not the images the HTML shows.
          attachmentsCount: m?.attachments.filter((a) => !a.embedded).length ?? 0,
          auth: p.row.auth,
          // The mx's spam verdict for this alias (docs/spam.md): the score in clear beside the
          // sender verdict, the symbols sealed under the message's key.
          ...spamColumns(services, p.row, alias.id, key, now),
          // The sender verdict's notes beside the parser's; rows accepted before verdicts have none.
          warnings: [
            ...(m ? m.warnings : [p.failure ?? 'could not be parsed']),
            ...(p.row.auth ? authWarnings(p.row.auth, alias.isWhitelisted) : []),
          ],
          messageIdHeader: m?.messageId ?? null,
          rawSha256,
          sentAt: m?.sentAt ?? p.row.receivedAt,
          createdAt: now,
          searchIndexed: true,
        },
        attachments: (m?.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: a.size,
          cid: a.cid,
          embedded: a.embedded,
          contentSealed: seal(key, a.content),
        })),
        terms: messageTerms(searchKeys.get(alias.accountId)!, {
          aliasId: alias.id,
          senderAddress,
          senderLabel,
          subject: m?.subject ?? null,
          text: m?.text ?? null,
        }),
      });
    }
  }
  return planned;
}

/** The spam columns of one alias's message; all null when the mx did not score (scoring off). */
function spamColumns(services: Services, row: InboundRow, aliasId: number, key: DataKey, now: Date) {
  const action = row.spam?.actions[String(aliasId)] ?? null;
  const symbols = row.spamSymbolsSealed && row.rawKey ? services.keys.openUnderMaster(row.rawKey, row.spamSymbolsSealed) : null;
  return {
    spamScore: row.spam?.score ?? null,
    spamAction: action,
    spamSymbolsSealed: symbols ? seal(key, symbols) : null,
    spamAt: action === 'move' ? now : null,
  };
}

/** Writes the planned messages of the rows this transaction could lock; returns the live events to publish. */
async function store(
  services: Services,
  prepared: Prepared[],
  planned: Planned[],
  outcome: Map<number, IngestOutcome>,
  now: Date,
): Promise<Array<{ accountId: number; event: AccountEvent }>> {
  const events: Array<{ accountId: number; event: AccountEvent }> = [];
  await services.database.db.transaction(async (tx) => {
    const locked = new Set(
      await lockQueuedInboundIds(
        tx,
        prepared.map((p) => p.row.id),
      ),
    );
    const work = prepared.filter((p) => locked.has(p.row.id));
    if (!work.length) return;
    const todo = planned.filter((x) => locked.has(x.p.row.id));

    const keyIds = await insertKeysBulk(
      tx,
      todo.map((x) => x.wrappedKey),
    );
    const inserted = await insertMessagesBulk(
      tx,
      todo.map((x, i) => ({ ...x.message, keyId: keyIds[i]! })),
    );
    const byPair = new Map(inserted.map((r) => [`${r.inboundId}:${r.aliasId}`, r.id]));

    // Keys made for messages an earlier attempt had stored already: drop them (rare).
    const unused = todo.flatMap((x, i) => (byPair.has(`${x.p.row.id}:${x.alias.id}`) ? [] : [keyIds[i]!]));
    if (unused.length) await deleteKeys(tx, unused);

    const attachments: NewAttachment[] = [];
    const terms: MessageTermsRow[] = [];
    const perAlias = new Map<
      number,
      { alias: AliasRow; messageIds: number[]; origin: string | null; leak: { domain: string; at: Date; n: number } | null }
    >();
    const logs: AliasLogValues[] = [];
    for (const x of todo) {
      const messageId = byPair.get(`${x.p.row.id}:${x.alias.id}`);
      if (messageId === undefined) continue;
      for (const a of x.attachments) attachments.push({ ...a, messageId });
      terms.push({ accountId: x.alias.accountId, messageId, ...x.terms });
      const agg = perAlias.get(x.alias.id) ?? { alias: x.alias, messageIds: [], origin: null, leak: null };
      agg.messageIds.push(messageId);
      agg.origin ??= x.origin;
      if (x.leak) agg.leak = agg.leak ? { ...agg.leak, n: agg.leak.n + 1 } : { domain: x.leak, at: now, n: 1 };
      perAlias.set(x.alias.id, agg);
      logs.push({
        aliasId: x.alias.id,
        userId: x.alias.accountId,
        method: 'SMTP',
        endpoint: 'DATA',
        status: 250,
        detail: x.p.parsed ? 'delivered' : 'delivered unparsed',
      });
      if (x.leak)
        logs.push({
          aliasId: x.alias.id,
          userId: x.alias.accountId,
          method: 'SMTP',
          endpoint: 'DATA',
          status: 250,
          detail: `possible leak: mail from ${x.leak}`,
        });
    }
    await insertAttachments(tx, attachments);
    await insertMessageTerms(tx, terms);
    await insertNotifyPending(
      tx,
      [...perAlias.values()].flatMap((a) => (a.alias.notify === 'none' ? [] : a.messageIds)),
    );
    await insertAliasLogs(tx, logs);
    await finishInboundMany(
      tx,
      work.filter((p) => p.parsed).map((p) => p.row.id),
    );
    for (const p of work) if (!p.parsed) await finishInbound(tx, p.row.id, 'failed', p.failure);
    // Counters last: the alias row stays locked for as short a time as possible.
    for (const { alias, messageIds, origin, leak } of [...perAlias.values()].sort((a, b) => a.alias.id - b.alias.id)) {
      const counters = await bumpAliasForDelivery(tx, alias.id, now, messageIds.length);
      await recordAliasOrigin(tx, alias.id, { origin, leak });
      for (const messageId of messageIds) {
        events.push({
          accountId: alias.accountId,
          event: {
            type: 'message',
            aliasId: alias.id,
            messageId,
            unread_count: counters?.unreadCount,
            total_count: counters?.totalCount,
          },
        });
      }
    }
    for (const p of work) outcome.set(p.row.id, p.parsed ? 'stored' : 'failed');
  });
  return events;
}

/** Claims one inbound row and stores it now ('skipped' when it is done already or another worker holds it). */
export async function ingestInbound(services: Services, inboundId: number, opts: IngestOptions): Promise<IngestOutcome> {
  const rows = await claimInbound(services.database.db, { ids: [inboundId], limit: 1, leaseMs: opts.sweepAfterMs });
  return (await ingestClaimed(services, rows, opts)).get(inboundId) ?? 'skipped';
}

/** The organisation mail leaked to, unless the alias is shared with several senders or its owner said that one is fine. */
function leakOf(alias: AliasRow, origin: string, facts: SenderFacts): string | null {
  if (alias.sharedSenders) return null;
  const leak = leakOrganisation(origin, facts);
  return leak && !alias.leakIgnored.includes(leak) ? leak : null;
}
