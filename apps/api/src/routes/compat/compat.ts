// What the addy.io- and SimpleLogin-compatible endpoints share (docs/bitwarden.md): the token-only
// caller, the domains they may name, and an alias made for a site through the one creation rule.
import {
  findEffectivePackage,
  listDomainsFor,
  type AccountRow,
  type AliasRow,
  type DbOrTx,
  type DomainRow,
  type PackageRow,
} from '@app/db';
import { organisationalDomain } from '@app/mail';
import { ALIAS_LABEL_MAX, COMPAT_MSG, DEFAULT_DOMAIN_ID, canCustomizeAddress } from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { createAliasFor } from '../aliases/create';
import { sitePrefix } from '../aliases/handles';
import { logAliasWrite } from '../aliases/log';
import { requireMember } from '../sign-in/sessions';
import { siteHost } from './site';

/**
 * The token's account (docs/security.md CP1). The bearer hook (api-tokens/bearer.ts) has checked the
 * token, its scope and its rate; without one the call is refused even with a live session cookie.
 */
export async function requireTokenAccount(request: FastifyRequest, reply: FastifyReply): Promise<AccountRow> {
  if (!request.apiToken) throw new AppError('UNAUTHENTICATED', COMPAT_MSG.tokenRequired);
  return requireMember(request, reply);
}

/**
 * The domains the account may name here, the shared default first: the shared domains and its
 * verified personal ones, other than the default only where its package lets it choose the domain.
 */
export async function offeredDomains(db: DbOrTx, account: AccountRow, pkg: PackageRow): Promise<DomainRow[]> {
  const choose = canCustomizeAddress(account.id, pkg);
  return (await listDomainsFor(db, account.id))
    .filter((d) => d.id === DEFAULT_DOMAIN_ID || (choose && (d.ownerId === null || d.verifiedAt !== null)))
    .sort((a, b) => Number(b.id === DEFAULT_DOMAIN_ID) - Number(a.id === DEFAULT_DOMAIN_ID));
}

export interface SiteRequest {
  /** The domain by name; the shared default when absent. */
  domain?: string;
  /** SimpleLogin's `hostname` parameter. */
  hostname?: string;
  /** addy.io's description or SimpleLogin's note; its `Website: <host>` names the site when no hostname does. */
  note?: string | null;
}

export interface MadeForSite {
  alias: AliasRow;
  domain: string;
  note: string | null;
}

/**
 * Makes an alias through the creation rule of the house API (aliases/create.ts: the same package
 * limits and rights). The site becomes its origin, so the first mail from another organisation is a
 * leak from day one (docs/product.md §3 Alias, origin), and its label, and
 * the source of a readable handle prefix when the account asks for one; the note is kept sealed.
 */
export async function createForSite(request: FastifyRequest, reply: FastifyReply, input: SiteRequest): Promise<MadeForSite> {
  const { services } = request.server;
  const { db } = services.database;
  const account = await requireTokenAccount(request, reply);
  const pkg = await findEffectivePackage(db, account.id);
  const name = input.domain?.trim().toLowerCase().replace(/\.$/, '');
  const domains = await listDomainsFor(db, account.id);
  const domain = name
    ? domains.find((d) => d.name === name && (d.ownerId === null || d.verifiedAt !== null))
    : domains.find((d) => d.id === DEFAULT_DOMAIN_ID);
  // Another account's domain, an unverified claim or an unknown name all answer the same.
  if (!domain) throw new AppError('VALIDATION', COMPAT_MSG.domainNotAllowed);

  const host = siteHost(input.hostname, input.note);
  const origin = host ? organisationalDomain(host) : null;
  const note = input.note?.trim() || null;
  const alias = await createAliasFor(
    services,
    account,
    pkg,
    { domain_id: domain.id, label: host ? host.slice(0, ALIAS_LABEL_MAX) : undefined },
    { origin, note, handlePrefix: origin && account.siteHandlePrefix ? sitePrefix(origin) : null },
  );
  // The alias's log names the endpoint that made it (field names only, never values).
  logAliasWrite(request, account, alias, { detail: ['created', origin && 'origin', note && 'note'].filter(Boolean).join(', ') });
  await services.events.publish(account.id, { type: 'alias', aliasId: alias.id }).catch(() => undefined);
  return { alias, domain: domain.name, note };
}
