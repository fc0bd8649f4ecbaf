// The one fetch wrapper of the SPA (docs/product.md §7 "Response handling", CONTRIBUTING.md "The SPA"). Every call goes
// through `request`, so the CSRF header, JSON encoding, the 120 s time-out, `meta.redirect` and the
// flash rules live in exactly one place, with one failure path. Calls name a route of the API's route
// table (packages/shared/src/routes.ts, imported as types only): its answer, body and query types
// come from there, and its URL is built from the route's path.
import {
  FLASH,
  REQUEST_TIMEOUT_MS,
  routeMethod,
  routeUrl,
  type ApiRoute,
  type ErrorCode,
  type HttpMethod,
  type ParamNames,
  type PathParams,
  type RouteAnswer,
  type RouteBody,
  type RouteQuery,
} from '@app/shared';
import { showFlash } from '../lib/flash-store';

/** Every response carries `success` and maybe `msg`; errors also `code` (docs/product.md §7, errors.ts). */
export type Envelope = {
  success: boolean;
  msg?: string;
  code?: string;
  meta?: { redirect?: string };
  [key: string]: unknown;
};

export type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal;
  /** Time-out in ms; docs/product.md §8's 120 s unless a test needs less. */
  timeoutMs?: number;
  /** A file sent as it is, with its own content type, instead of a JSON body (an .mbox import). */
  file?: { body: Blob; type: string };
  /** Set on the one retry after a confirmation, and on the confirmation itself: no second dialog. */
  noReauth?: boolean;
};

/** A failed request: network error, time-out, non-2xx status or a body that is not JSON. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: Envelope | undefined;
  /** docs/product.md §8: time-outs are raised as load errors. */
  readonly timedOut: boolean;
  constructor(message: string, opts: { status?: number; code?: string; body?: Envelope; timedOut?: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.status = opts.status ?? 0;
    this.code = opts.code;
    this.body = opts.body;
    this.timedOut = opts.timedOut ?? false;
  }
}

type Hooks = {
  /** Client-side navigation for `meta.redirect` (the router's navigate). */
  redirect: (path: string) => void;
  /** A 401 from a call other than login: the session ended on the server. */
  unauthorized: () => void;
  /**
   * A credential change refused with REAUTH_REQUIRED (docs/security.md W17): asks the owner to confirm
   * it's them ("Confirm it's you" dialog); true once the session is confirmed, false when they cancel.
   */
  reauthenticate: (message: string) => Promise<boolean>;
};

const hooks: Hooks = {
  redirect: (path) => window.location.assign(path),
  unauthorized: () => {},
  reauthenticate: async () => false,
};

/** The error code of a credential change from a session that has not confirmed its owner lately. */
const REAUTH_REQUIRED: ErrorCode = 'REAUTH_REQUIRED';

export function setClientHooks(next: Partial<Hooks>): void {
  Object.assign(hooks, next);
}

/** Only same-origin absolute paths are followed; `//host` and `scheme:` targets are ignored (no open redirect). */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/**
 * The flash a response produces (docs/product.md §7): a `msg` shows in success style if `success`, else in
 * danger style; a failed request without a message shows 'There was a problem!'. A caller's own
 * abort shows nothing. Exported for the unit tests.
 */
export function flashFor(outcome: {
  body?: Envelope | undefined;
  failed: boolean;
  aborted?: boolean;
}): { type: 'success' | 'danger'; message: string } | null {
  if (outcome.aborted) return null;
  const msg = typeof outcome.body?.msg === 'string' && outcome.body.msg.trim() !== '' ? outcome.body.msg : null;
  if (msg) return { type: outcome.body?.success && !outcome.failed ? 'success' : 'danger', message: msg };
  if (outcome.failed) return { type: 'danger', message: FLASH.problem };
  return null;
}

function applyFlash(outcome: Parameters<typeof flashFor>[0]) {
  const f = flashFor(outcome);
  if (f) showFlash(f.type, f.message);
}

async function request(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Envelope> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | Blob | undefined;
  if (method !== 'GET') {
    // The API's CSRF guard (docs/security.md W2) wants this header and a JSON content type on every write.
    // An empty JSON object stands in for "no body": Fastify refuses an empty application/json body.
    headers['X-Requested-With'] = 'fetch';
    headers['Content-Type'] = options.file?.type ?? 'application/json';
    body = options.file?.body ?? JSON.stringify(options.body ?? {});
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'same-origin', signal });
  } catch (cause) {
    clearTimeout(timer);
    const aborted = !timedOut && options.signal?.aborted === true;
    applyFlash({ failed: true, aborted });
    if (aborted) throw cause;
    throw new ApiError(timedOut ? 'Request timed out' : 'Network error', { timedOut });
  }

  let parsed: Envelope | undefined;
  try {
    const text = await response.text();
    const value: unknown = text ? JSON.parse(text) : undefined;
    if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Envelope;
  } catch (cause) {
    // The caller gave up while the body was still arriving (e.g. a newer refetch): no flash.
    if (!timedOut && options.signal?.aborted === true) throw cause;
    parsed = undefined;
  } finally {
    clearTimeout(timer);
  }

  const failed = !response.ok || parsed === undefined;
  // Every screen's credential change goes through here: confirm, then send the same request once more.
  if (failed && parsed?.code === REAUTH_REQUIRED && !options.noReauth) {
    if (await hooks.reauthenticate(parsed.msg ?? '')) return request(method, path, { ...options, noReauth: true });
  }
  applyFlash({ body: parsed, failed });

  const redirect = safeRedirectPath(parsed?.meta?.redirect);
  if (redirect) hooks.redirect(redirect);

  if (failed || parsed === undefined) {
    // A refused sign-in (password or passkey) is no ended session.
    if (response.status === 401 && !path.startsWith('/api/login')) hooks.unauthorized();
    throw new ApiError(parsed?.msg ?? `HTTP ${response.status}`, {
      status: response.status,
      code: parsed?.code,
      body: parsed,
    });
  }
  return parsed;
}

/** Where a route's URL comes from: its path parameters (required when the path has some) and query. */
type Address<K extends ApiRoute> = ([ParamNames<K>] extends [never] ? { params?: never } : { params: PathParams<K> }) & {
  query?: RouteQuery<K>;
};
export type Call<K extends ApiRoute> = Address<K> & Omit<RequestOptions, 'body'> & { body?: RouteBody<K> };
/** The call's options: optional for a route without path parameters. */
type Args<K extends ApiRoute, C> = [ParamNames<K>] extends [never] ? [call?: C] : [call: C];

/** The URL of a route: its path with each parameter encoded, and its query. */
export function apiUrl<K extends ApiRoute>(route: K, ...[address]: Args<K, Address<K>>): string {
  return routeUrl(route, address?.params, address?.query ?? {});
}

/** Calls a route of the API and resolves to its answer, typed by the route table. */
export async function api<K extends ApiRoute>(route: K, ...[call]: Args<K, Call<K>>): Promise<RouteAnswer<K>> {
  const { params, query, ...options } = call ?? {};
  return (await request(routeMethod(route), routeUrl(route, params, query ?? {}), options)) as RouteAnswer<K>;
}
