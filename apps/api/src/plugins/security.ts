import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { bearerToken, isCompatibleRoute } from '../routes/api-tokens/bearer';

const CSRF_REFUSED = 'This request was refused.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The only cross-site writer: it authenticates by signature instead (docs/security.md W2, W8). */
const CSRF_EXEMPT = new Set(['/api/stripe/webhook']);

/** CSP of the SPA's own document: no inline script, frames only from this origin (the viewer). */
const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** CSP of the API reference (GET /api/docs): its own script and styles only; it fetches nothing but the document. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Global headers (docs/security.md W12) and the CSRF guard for a cookie-authenticated JSON API (W2):
 * writes must carry `X-Requested-With` (which a cross-site form cannot send without a preflight
 * we never grant), and a browser's `Sec-Fetch-Site: cross-site` is refused outright.
 */
export function registerSecurity(app: FastifyInstance): void {
  const https = app.services.config.PUBLIC_URL.startsWith('https:');
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/')) {
      reply.header('Cache-Control', 'no-store');
    } else if (!path.startsWith('/viewer/')) {
      reply.header('Content-Security-Policy', APP_CSP);
      reply.header('X-Frame-Options', 'DENY');
    }
    // A bearer token is no ambient credential: a cross-site page cannot send one (docs/security.md TK2).
    // The compatible endpoints never read the cookie at all (docs/security.md CP1), so there is nothing to forge.
    if (SAFE_METHODS.has(request.method) || CSRF_EXEMPT.has(path) || bearerToken(request) !== undefined) return;
    if (isCompatibleRoute(request)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site' || !request.headers['x-requested-with']) {
      throw new AppError('CSRF', CSRF_REFUSED);
    }
  });
}

/**
 * The few GETs that change state (docs/security.md W2). `redeem` signs the caller in, so only the app
 * itself may call it: a browser's `Sec-Fetch-Site: same-origin`, or the CSRF header that no
 * cross-site page can send. Opening a message marks it read, so it refuses callers that a browser
 * names cross-site or same-site (a link or an image on another page).
 */
export function requireSameOrigin(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] !== 'same-origin' && !request.headers['x-requested-with'])
    throw new AppError('CSRF', CSRF_REFUSED);
}

export function refuseCrossSite(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw new AppError('CSRF', CSRF_REFUSED);
}
