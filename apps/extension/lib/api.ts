// The server calls the extension makes, from its background worker and its own pages only (never
// from a content script). Every call authenticates by the API token alone: no cookie is sent.
import type { ApiRoute, MessageSummary, RouteAnswer, Verification } from '@app/shared';
import { routeMethod, routeUrl } from '@app/shared/route-url';
import type { Settings } from './settings';
import { belongsToSite } from './site';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A route of the API's route table (packages/shared/src/routes.ts) at `server`; its answer is typed from the table. */
async function call<K extends ApiRoute>(
  server: string,
  route: K,
  address: { params?: Record<string, string | number>; query?: object },
  headers: Record<string, string>,
  body?: unknown,
): Promise<RouteAnswer<K>> {
  let res: Response;
  try {
    res = await fetch(`${server}${routeUrl(route, address.params, address.query)}`, {
      method: routeMethod(route),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'omit',
      redirect: 'error',
      headers: { accept: 'application/json', ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    });
  } catch {
    throw new ApiError(0, `The server at ${server} could not be reached.`);
  }
  const answer: unknown = await res.json().catch(() => null);
  const failure = answer as { msg?: string; message?: string; error?: string } | null;
  if (!res.ok) {
    if (res.status === 401) throw new ApiError(401, 'The API token was refused: it was revoked, it expired, or it was mistyped.');
    throw new ApiError(res.status, failure?.msg ?? failure?.message ?? failure?.error ?? `The server answered ${res.status}.`);
  }
  return answer as RouteAnswer<K>;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The sign-in for a token, checked with the server (GET /api/token): it must work and may write. */
export async function checkToken(server: string, token: string): Promise<Settings> {
  const { api_token } = await call(server, 'GET /api/token', {}, bearer(token));
  if (api_token.scope !== 'write') {
    throw new ApiError(403, 'This token may only read. Create one with the write scope (Profile → API tokens).');
  }
  return { server, token, accountId: api_token.account_id };
}

export interface CreatedAlias {
  id: number;
  email: string;
}

/**
 * A new random alias for the site at `url` (its host becomes the alias's label and origin), through
 * the SimpleLogin-compatible endpoint, which takes the token in `Authentication`.
 */
export async function createAliasForSite(settings: Settings, url: URL): Promise<CreatedAlias> {
  const created = await call(
    settings.server,
    'POST /api/alias/random/new',
    { query: { hostname: url.hostname } },
    { authentication: settings.token },
    { note: `Website: ${url.origin}. Created by the browser extension.` },
  );
  const email = created.email ?? created.alias;
  if (!email) throw new ApiError(0, 'The server did not answer with an address.');
  return { id: created.id, email };
}

export interface NewestMail {
  id: number;
  subject: string;
  sender: string;
  sent: string;
  verification: Verification;
}

export interface SiteAlias {
  id: number;
  address: string;
  label: string | null;
  created_unix: number;
  newest: NewestMail | null;
}

/** How many of a site's aliases the popup shows, newest first. */
export const SITE_ALIASES_SHOWN = 5;

function newestMail(m: MessageSummary): NewestMail {
  return { id: m.id, subject: m.subject, sender: m.sender_label ?? m.sender_address, sent: m.sent, verification: m.verification };
}

/** The account's aliases made for the site at `hostname`, newest first, each with its newest received mail. */
export async function aliasesForSite(settings: Settings, hostname: string): Promise<SiteAlias[]> {
  const { server, token, accountId } = settings;
  const { aliases } = await call(server, 'GET /api/account/:id/aliases', { params: { id: accountId } }, bearer(token));
  const mine = aliases
    .filter((a) => !a.is_trashed && belongsToSite(a.origin, hostname))
    .sort((a, b) => b.created_unix - a.created_unix)
    .slice(0, SITE_ALIASES_SHOWN);
  return Promise.all(
    mine.map(async (a) => {
      let last = a.last_message;
      // The alias's last message was one the user sent: look for the newest received one in its inbox
      // (the list, not the message itself, so that nothing is marked read).
      if (last?.direction === 'out') {
        const { messages } = await call(
          server,
          'GET /api/account/:id/alias/:aliasId/messages',
          { params: { id: accountId, aliasId: a.id } },
          bearer(token),
        );
        last = messages.find((m) => m.direction === 'in') ?? null;
      }
      return {
        id: a.id,
        address: a.address,
        label: a.label,
        created_unix: a.created_unix,
        newest: last ? newestMail(last) : null,
      };
    }),
  );
}
