import {
  countLiveAliases,
  findSourceById,
  findUsableDomain,
  findUsableSource,
  isAliasHandleTaken,
  listAliasSenderPatterns,
  lockAccountForAliases,
  replaceAliasSenders,
  updateAliasFields,
  type AccountRow,
  type AliasRow,
  type AliasPatch,
  type PackageRow,
} from '@app/db';
import type { Services } from '@app/runtime';
import {
  ALIAS_MESSAGES,
  LEAK_IGNORED_MAX,
  type AliasUpdateBody,
  type DigestValue,
  AliasHandleSchema,
  DIGEST_INVALID_MESSAGE,
  FLASH,
  RULE_MESSAGES,
  addressInvalidFlash,
  aliasLimitMessage,
  canCustomizeAddress,
  classifySender,
  digestAllowed,
  isAliasIcon,
  lifespanAllowed,
  senderInvalidMessage,
} from '@app/shared';
import { organisationalDomain } from '@app/mail';
import { AppError } from '../../errors';
import { readNoteValue, writeNote } from './notes';

/**
 * Fields that may change while the alias is inactive or trashed: the ones that change that, the
 * expiry and leak fields, so that an expired or leaked alias can be extended or dismissed in the
 * same call that reactivates it, and the pin, which only orders the sidebar.
 */
const STATE_FIELDS = new Set(['is_active', 'is_trashed', 'expires', 'max_messages', 'leak', 'pinned']);

/** A hand-set origin: a domain (or an address, for its domain) as the senders accept it; null clears it. */
export function originInput(input: string | null): string | null {
  if (!input) return null;
  const r = classifySender(input);
  if ('error' in r) throw refuse('VALIDATION', senderInvalidMessage(r.error));
  return organisationalDomain(r.pattern.replace(/^\*\./, ''));
}

/** The organisational domain a source names: its web site's, else that of its first sender. */
async function sourceOrigin(services: Services, sourceId: number): Promise<string | null> {
  const source = await findSourceById(services.database.db, sourceId);
  if (!source) return null;
  let host: string | null = null;
  try {
    host = source.url ? new URL(source.url).hostname : null;
  } catch {
    host = null;
  }
  host ??= source.senders[0]?.address.replace(/^\*\./, '') ?? null;
  return host ? organisationalDomain(host) : null;
}

const refuse = (code: 'VALIDATION' | 'FORBIDDEN' | 'CONFLICT' | 'LIMIT_REACHED' | 'BAD_REQUEST', msg: string) =>
  new AppError(code, msg);

/** The stored forms of the senders, in order; refuses an invalid entry or a duplicate. */
export function normaliseSenders(input: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of input) {
    const r = classifySender(raw);
    if ('error' in r) throw refuse('VALIDATION', senderInvalidMessage(r.error));
    if (out.includes(r.pattern)) throw refuse('VALIDATION', FLASH.duplicateSender);
    out.push(r.pattern);
  }
  return out;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export interface UpdateContext {
  services: Services;
  account: AccountRow;
  pkg: PackageRow;
  alias: AliasRow;
}

/** What the body changes: the patch, the new senders and notes, and the names of the changed fields. */
interface Changes {
  patch: AliasPatch;
  changed: string[];
  senders?: string[];
  notes?: string;
}

/** The fields the body sets directly, each kept only when it differs from the alias. */
async function directChanges(ctx: UpdateContext, body: AliasUpdateBody, out: Changes): Promise<void> {
  const { alias } = ctx;
  const { db } = ctx.services.database;
  const { patch, changed } = out;
  const handle = body.handle === undefined ? undefined : body.handle.trim().toLowerCase();
  if (handle !== undefined && handle !== alias.handle) {
    if (!AliasHandleSchema.safeParse(handle).success) throw refuse('VALIDATION', addressInvalidFlash(RULE_MESSAGES.aliasHandle));
    patch.handle = handle;
    changed.push('handle');
  }
  if (body.domain_id !== undefined && body.domain_id !== alias.domainId) {
    patch.domainId = body.domain_id;
    changed.push('domain_id');
  }
  if (body.label !== undefined) {
    const label = body.label === null || body.label === '' ? null : body.label;
    if (label !== alias.label) {
      patch.label = label;
      changed.push('label');
    }
  }
  if (body.icon !== undefined && body.icon !== alias.icon) {
    patch.icon = body.icon;
    changed.push('icon');
  }
  if (body.source !== undefined && body.source !== alias.sourceId) {
    patch.sourceId = body.source;
    changed.push('source');
  }
  if (body.senders !== undefined) {
    const next = normaliseSenders(body.senders);
    if (!sameList(next, await listAliasSenderPatterns(db, alias.id))) {
      out.senders = next;
      changed.push('senders');
    }
  }
  for (const [field, column] of [
    ['is_active', 'isActive'],
    ['is_trashed', 'isTrashed'],
    ['is_whitelisted', 'isWhitelisted'],
    ['pinned', 'pinned'],
  ] as const) {
    const v = body[field];
    if (v !== undefined && v !== alias[column]) {
      patch[column] = v;
      changed.push(field);
    }
  }
  if (body.digest !== undefined && body.digest !== alias.digest) {
    patch.digest = body.digest;
    changed.push('digest');
  }
  if (body.spam_mode !== undefined && body.spam_mode !== alias.spamMode) {
    patch.spamMode = body.spam_mode;
    changed.push('spam_mode');
  }
  if (body.notify !== undefined && body.notify !== alias.notify) {
    patch.notify = body.notify;
    changed.push('notify');
  }
  if (body.lifespan !== undefined && body.lifespan !== alias.lifespan) {
    patch.lifespan = body.lifespan;
    changed.push('lifespan');
  }
}

/** The fields that follow from others: origin, shared senders, leak, expiry, message limit and notes. */
async function derivedChanges(ctx: UpdateContext, body: AliasUpdateBody, out: Changes): Promise<void> {
  const { services, alias } = ctx;
  const { db } = services.database;
  const { patch, changed } = out;
  // docs/product.md §3 Alias: the origin follows the source, or is set by hand (its organisation is kept).
  const origin =
    body.origin !== undefined
      ? originInput(body.origin)
      : patch.sourceId
        ? await sourceOrigin(services, patch.sourceId)
        : undefined;
  if (origin !== undefined && origin !== alias.origin) {
    patch.origin = origin;
    changed.push('origin');
  }
  // Naming the site the address was given to (even the one learned) is asking to hear when someone else
  // writes; a chat stays shared.
  if (origin && body.shared_senders === undefined && alias.sharedSenders && alias.specialty !== 'chat') {
    patch.sharedSenders = false;
    changed.push('shared_senders');
  }
  if (body.shared_senders !== undefined && body.shared_senders !== alias.sharedSenders) {
    patch.sharedSenders = body.shared_senders;
    changed.push('shared_senders');
  }
  // An organisation whose mail is fine, kept once (as its organisational domain).
  const fine = body.leak_ignore !== undefined ? originInput(body.leak_ignore)! : null;
  if (fine !== null && !alias.leakIgnored.includes(fine)) {
    if (alias.leakIgnored.length >= LEAK_IGNORED_MAX) throw refuse('VALIDATION', ALIAS_MESSAGES.tooManyLeakIgnored);
    patch.leakIgnored = [...alias.leakIgnored, fine];
    changed.push('leak_ignored');
  }
  // Dismissed, shared now, or its organisation declared fine: the open warning goes.
  const leakCleared = body.leak === null || body.shared_senders === true || (fine !== null && alias.leakDomain === fine);
  if (leakCleared && alias.leakDomain !== null) {
    Object.assign(patch, { leakDomain: null, leakFirstSeen: null, leakCount: 0 });
    changed.push('leak');
  }
  if (body.expires !== undefined) {
    const expiresAt = body.expires === null ? null : new Date(body.expires);
    if (expiresAt?.getTime() !== alias.expiresAt?.getTime()) {
      // A new date gets its own pre-expiry notice.
      Object.assign(patch, { expiresAt, expiryNoticeAt: null });
      changed.push('expires');
    }
  }
  // Setting (or clearing) the message limit restarts its count: it counts mail received since.
  if (body.max_messages !== undefined && body.max_messages !== alias.maxMessages) {
    Object.assign(patch, { maxMessages: body.max_messages, limitCount: 0 });
    changed.push('max_messages');
  }
  if (body.notes !== undefined && body.notes !== (await readNoteValue(services, db, alias))) {
    out.notes = body.notes;
    changed.push('notes');
  }
}

/** Refuses a change the alias's state or the package's rights do not allow. */
async function checkAllowed(ctx: UpdateContext, { patch, changed }: Changes): Promise<void> {
  const { account, pkg, alias } = ctx;
  const { db } = ctx.services.database;
  // Editable only when active and not trashed (docs/product.md §4, §6), except for the state flags.
  const editable = alias.isActive && !alias.isTrashed;
  if (!editable && changed.some((f) => !STATE_FIELDS.has(f))) throw refuse('FORBIDDEN', ALIAS_MESSAGES.notEditable);

  // The package's rights and limits, field by field.
  if ((patch.handle !== undefined || patch.domainId !== undefined) && !canCustomizeAddress(account.id, pkg)) {
    throw refuse('FORBIDDEN', ALIAS_MESSAGES.addressNotAllowed);
  }
  if (patch.domainId !== undefined && !(await findUsableDomain(db, account.id, patch.domainId))) {
    throw refuse('VALIDATION', ALIAS_MESSAGES.domainNotAllowed);
  }
  if (patch.icon !== undefined && patch.icon !== null && !isAliasIcon(patch.icon))
    throw refuse('VALIDATION', ALIAS_MESSAGES.iconNotAllowed);
  if (patch.sourceId !== undefined && patch.sourceId !== null && !(await findUsableSource(db, account.id, patch.sourceId))) {
    throw refuse('VALIDATION', ALIAS_MESSAGES.sourceNotAllowed);
  }
  if (patch.digest !== undefined && !digestAllowed(patch.digest as DigestValue, pkg.limits.digest_frequency)) {
    throw refuse('FORBIDDEN', DIGEST_INVALID_MESSAGE);
  }
  if (patch.lifespan !== undefined && !lifespanAllowed(patch.lifespan, pkg.limits.storage_days)) {
    throw refuse('FORBIDDEN', ALIAS_MESSAGES.lifespanNotAllowed);
  }
}

/**
 * Validates and applies an alias update in one transaction; nothing is saved when any field is
 * refused. Returns the names of the changed fields. Unchanged fields are dropped first, so
 * resending a current value never needs a right the caller lacks; an update that changes nothing
 * is refused.
 */
export async function applyAliasUpdate(
  ctx: UpdateContext,
  body: AliasUpdateBody,
): Promise<{ alias: AliasRow; changed: string[] }> {
  const { services, account, pkg, alias } = ctx;
  const { db } = services.database;
  const changes: Changes = { patch: {}, changed: [] };
  await directChanges(ctx, body, changes);
  await derivedChanges(ctx, body, changes);
  const { patch, changed, senders, notes } = changes;
  if (changed.length === 0) throw refuse('BAD_REQUEST', ALIAS_MESSAGES.nothingToChange);
  await checkAllowed(ctx, changes);

  // Apply, all or nothing.
  const updated = await db
    .transaction(async (tx) => {
      if (patch.handle !== undefined || patch.domainId !== undefined) {
        const domainId = patch.domainId ?? alias.domainId;
        if (await isAliasHandleTaken(tx, domainId, patch.handle ?? alias.handle, alias.id)) {
          throw refuse('CONFLICT', ALIAS_MESSAGES.addressTaken);
        }
      }
      // Restoring from the trash counts against address_count again.
      if (patch.isTrashed === false) {
        const limit = pkg.limits.address_count;
        await lockAccountForAliases(tx, account.id);
        if (limit !== null && (await countLiveAliases(tx, account.id)) >= limit)
          throw refuse('LIMIT_REACHED', aliasLimitMessage(limit));
      }
      const row = await updateAliasFields(tx, alias.id, patch);
      if (senders) await replaceAliasSenders(tx, alias.id, senders);
      if (notes !== undefined) await writeNote(services, tx, alias, notes);
      return row ?? alias;
    })
    .catch((err: unknown) => {
      // Two renames racing to the same address: the unique index decides.
      if (isUniqueViolation(err)) throw refuse('CONFLICT', ALIAS_MESSAGES.addressTaken);
      throw err;
    });
  return { alias: updated, changed };
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
