// Who may see what (docs/security.md W3): the one place that turns the ids of a path into the caller's
// account, alias and message, and a message into its key. Another account's id gets the same 404
// as a missing one, whichever id it is.
import {
  findAccountAliasWithDomain,
  findApiToken,
  type ApiTokenRow,
  findMessageBody,
  findOwnedMessage,
  findAccountPasskey,
  findOwnedAliasByHandle,
  type AccountRow,
  type AliasRow,
  type AliasWithDomain,
  type AttachmentRow,
  type MessageHead,
  type OwnedMessage,
  type PasskeyRow,
  type SealedKey,
} from '@app/db';
import { openText, type DataKey, type Services } from '@app/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Id } from '@app/shared';
import { z } from 'zod';
import { notFound } from './errors';
import { readSession, requireSelf } from './routes/sign-in/sessions';

/** Path ids (`Id`): a non-numeric one is a 400; any other that is not the caller's, a 404. */
export const AccountParamsSchema = z.object({ id: Id });
export const AliasParamsSchema = AccountParamsSchema.extend({ aliasId: Id });
export const MessageParamsSchema = AliasParamsSchema.extend({ messageId: Id });
export const ApiTokenParamsSchema = AccountParamsSchema.extend({ tokenId: Id });
export const PasskeyParamsSchema = AccountParamsSchema.extend({ passkeyId: Id });

export interface OpenedMessage {
  alias: AliasRow;
  /** The alias's domain name. */
  domain: string;
  /** Without its raw copy and HTML: findMessageBody reads them where needed. */
  row: MessageHead & SealedKey;
  /** Its attachments' metadata, in MIME order. */
  attachments: Array<Omit<AttachmentRow, 'contentSealed'>>;
  /** The message's own key, unwrapped: opens its subject, text, HTML, attachments and raw copy. */
  key: DataKey;
}

/** The account's alias with its domain name, else 404. */
async function aliasOf(services: Services, accountId: number, aliasId: number): Promise<AliasWithDomain> {
  const owned = await findAccountAliasWithDomain(services.database.db, accountId, aliasId);
  if (!owned) throw notFound();
  return owned;
}

/** A message (not trashed) of the account's alias with its key, else 404. */
export async function messageOf(
  services: Services,
  accountId: number,
  ids: { aliasId: number; messageId: number },
): Promise<OpenedMessage> {
  return opened(services, await findOwnedMessage(services.database.db, accountId, ids.aliasId, ids.messageId));
}

/** A message read through its ownership check, with its key; 404 when there was none. */
async function opened(services: Services, found: OwnedMessage | null): Promise<OpenedMessage> {
  if (!found) throw notFound();
  const { alias, domain, message: row, attachments } = found;
  return { alias, domain, row, attachments, key: (await services.keys.contentKeys(services.database.db, alias))(row) };
}

/** The HTML the viewer's sanitiser works on (and the trackers come from); none for mail stored unparsed. */
export async function messageHtml(services: Services, { row, key }: { row: MessageHead; key: DataKey }): Promise<string | null> {
  return row.state === 'ok' && row.hasHtml ? openText(key, await findMessageBody(services.database.db, row.id, 'html')) : null;
}

/** An alias id in a body or a query: the account's alias, else 404 (like one in a path). */
export async function aliasOfAccount(services: Services, accountId: number, aliasId: number): Promise<AliasRow> {
  return (await aliasOf(services, accountId, aliasId)).alias;
}

/** `/account/{id}/alias/{aliasId}…`: the signed-in member, their alias and its domain name. */
export async function ownedAlias(
  request: FastifyRequest,
  reply: FastifyReply,
  params: { id: number; aliasId: number },
): Promise<{ account: AccountRow } & AliasWithDomain> {
  // A cookie's session is read with the alias in one query; a token's account, then its alias.
  if (!request.apiToken) await readSession(request, reply, { aliasId: params.aliasId });
  const account = await requireSelf(request, reply, params.id);
  const withSession = request.sessionState?.alias;
  if (withSession === null) throw notFound();
  const { alias, domain } = withSession ?? (await aliasOf(request.server.services, account.id, params.aliasId));
  return { account, alias, domain };
}

/** `/account/{id}/aliases/by-handle/{handle}`: the member's alias by handle or handle@domain, trashed ones included. */
export async function ownedAliasByAddress(
  request: FastifyRequest,
  reply: FastifyReply,
  params: { id: number; handle: string },
): Promise<{ account: AccountRow; alias: AliasRow }> {
  const account = await requireSelf(request, reply, params.id);
  const raw = params.handle.trim().toLowerCase();
  const at = raw.lastIndexOf('@');
  const alias = await findOwnedAliasByHandle(
    request.server.services.database.db,
    account.id,
    at > 0 ? raw.slice(0, at) : raw,
    at > 0 ? raw.slice(at + 1) : undefined,
  );
  if (!alias) throw notFound();
  return { account, alias };
}

/** `/account/{id}/alias/{aliasId}/message/{messageId}…`: the signed-in member's message, opened. */
export async function openMessage(
  request: FastifyRequest,
  reply: FastifyReply,
  params: { id: number; aliasId: number; messageId: number },
): Promise<OpenedMessage & { account: AccountRow }> {
  // As ownedAlias: a cookie's session is read with the message in one query.
  if (!request.apiToken) await readSession(request, reply, { aliasId: params.aliasId, messageId: params.messageId });
  const account = await requireSelf(request, reply, params.id);
  const withSession = request.sessionState?.message;
  const { services } = request.server;
  return {
    account,
    ...(withSession === undefined ? await messageOf(services, account.id, params) : await opened(services, withSession)),
  };
}

/** `/account/{id}/tokens/{tokenId}`: the signed-in member's API token, else 404. */
export async function ownedApiToken(
  request: FastifyRequest,
  reply: FastifyReply,
  params: { id: number; tokenId: number },
): Promise<{ account: AccountRow; token: ApiTokenRow }> {
  const account = await requireSelf(request, reply, params.id);
  const token = await findApiToken(request.server.services.database.db, account.id, params.tokenId);
  if (!token) throw notFound();
  return { account, token };
}

/** `/account/{id}/passkeys/{passkeyId}`: the signed-in member's passkey. */
export async function ownedPasskey(
  request: FastifyRequest,
  reply: FastifyReply,
  params: { id: number; passkeyId: number },
): Promise<{ account: AccountRow; passkey: PasskeyRow }> {
  const account = await requireSelf(request, reply, params.id);
  const passkey = await findAccountPasskey(request.server.services.database.db, account.id, params.passkeyId);
  if (!passkey) throw notFound();
  return { account, passkey };
}
