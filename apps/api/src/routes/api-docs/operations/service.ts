import { type OperationText, ACCOUNT, COMPAT, PREFLIGHT } from './text';

export const SERVICE: Record<string, OperationText> = {
  // ---- Personal domains and billing ----
  'GET /api/account/:id/domains': {
    summary: 'List domains',
    description: `The shared domains and the account’s personal domains with their verification records. ${ACCOUNT}`,
  },
  'POST /api/account/:id/domains': {
    summary: 'Add a personal domain',
    description: `Answers the TXT record that proves the domain; the package must include personal domains. ${ACCOUNT}`,
  },
  'POST /api/account/:id/domains/:domainId/verify': {
    summary: 'Verify a personal domain',
    description: `Looks up the TXT proof; once found the domain receives mail. Also says where its MX points. ${ACCOUNT}`,
  },
  'GET /api/account/:id/domains/:domainId/dns-records': {
    summary: 'DNS records of a personal domain',
    description: `MX, SPF, DKIM and DMARC to publish; with \`check=1\`, whether each is in effect and what is wrong. ${ACCOUNT}`,
  },
  'DELETE /api/account/:id/domains/:domainId': {
    summary: 'Remove a personal domain',
    description: `Only when no alias uses it. ${ACCOUNT}`,
  },
  'GET /api/account/:id/subscription': {
    summary: 'The subscription',
    description: `The account’s package, its subscription state and the prices. ${ACCOUNT}`,
  },
  'POST /api/account/:id/subscription/checkout': {
    summary: 'Start a subscription',
    description: `A Stripe Checkout address for the chosen package and period. ${ACCOUNT}`,
  },
  'POST /api/account/:id/subscription/cancel': {
    summary: 'Cancel the subscription',
    description: `It ends at the end of the paid period. ${ACCOUNT}`,
  },
  'POST /api/account/:id/subscription/renew': {
    summary: 'Keep the subscription',
    description: `Undoes a cancellation before the period ends. ${ACCOUNT}`,
  },
  'POST /api/stripe/webhook': {
    summary: 'Stripe events',
    description: 'Stripe’s signed webhook (checkout completed, subscription changed or ended); for Stripe only.',
  },

  // ---- Administration ----
  'GET /api/admin/dns-records': {
    summary: 'DNS records of the shared domain',
    description: 'MX, SPF, DKIM and DMARC to publish; with `check=1`, whether each is in effect and what is wrong. Admin only.',
  },
  'GET /api/admin/first-run': {
    summary: 'First-run checklist',
    description:
      'What is left of setting the server up: own password chosen, second factor on, public address and mail domain set, an alias made, a test mail relayed; and whether the checklist was put away. Admin only.',
  },
  'POST /api/admin/first-run/dismiss': {
    summary: 'Put the first-run checklist away',
    description: 'The checklist is no longer shown, whatever is left of it. Admin only.',
  },
  'GET /api/admin/sources': {
    summary: 'List sources',
    description: 'The catalogue of sources aliases can be made for. Admin only.',
  },
  'GET /api/admin/sources/:sourceId': { summary: 'Get a source', description: 'One source with its senders. Admin only.' },
  'POST /api/admin/sources': {
    summary: 'Add a source',
    description: 'A new source with its label, handle and senders. Admin only.',
  },
  'PUT /api/admin/sources/:sourceId': { summary: 'Change a source', description: 'Its fields and senders. Admin only.' },
  'DELETE /api/admin/sources/:sourceId': {
    summary: 'Delete a source',
    description: 'Removes it from the catalogue. Admin only.',
  },
  'GET /api/admin/users': { summary: 'List users', description: 'Every account with its state and package. Admin only.' },
  'POST /api/admin/users/:userId/approve': {
    summary: 'Approve a user',
    description: 'Lets a registered account sign in. Admin only.',
  },
  'POST /api/admin/users/:userId/suspend': {
    summary: 'Suspend a user',
    description: 'Ends its sessions; it cannot sign in until unsuspended. Admin only.',
  },
  'POST /api/admin/users/:userId/unsuspend': { summary: 'Unsuspend a user', description: 'It can sign in again. Admin only.' },
  'GET /api/admin/logs': {
    summary: 'Mail logs',
    description:
      'Failed inbound mail, mail the mx refused for a known alias, and recent outbound mail by state (queued, sent, kept without a relay, failed): ids, times and reasons, never content. Admin only.',
  },
  'POST /api/test': {
    summary: 'Test the installation',
    description: 'Checks the database, the queue and, with `email`, the relay by mailing the admin. Admin only.',
  },

  // ---- The service itself ----
  'GET /api/health': {
    summary: 'Health (under /api)',
    description: 'The same as `GET /health`.',
  },
  'GET /.well-known/autoconfig/mail/config-v1.1.xml': {
    summary: 'Mail client settings (Thunderbird autoconfig)',
    description:
      'The IMAP and POP3 servers, ports and security of this installation as a Thunderbird autoconfig file; the user name is a placeholder for the account’s username.',
  },
  'GET /mail/config-v1.1.xml': {
    summary: 'Mail client settings (autoconfig host)',
    description:
      'The same file at the path Thunderbird asks of the mail domain’s `autoconfig.` host; its `emailaddress` query changes nothing.',
  },
  'GET /health': {
    summary: 'Health',
    description:
      'Whether Postgres answers and Redis answers and refuses to evict (`checks`), with the running version and commit; 503 when one fails.',
  },
  'GET /api/openapi.json': {
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of the API, made from the routes themselves.',
  },
  'GET /api/docs': { summary: 'The API reference', description: 'This document in Swagger UI, served from this server.' },
  'GET /api/docs/:file': { summary: 'A file of the API reference', description: 'Swagger UI’s scripts and styles.' },
  // ---- Compatible calls (docs/bitwarden.md) ----
  'POST /api/v1/aliases': {
    summary: 'Make an alias (addy.io-compatible)',
    description: `${COMPAT} Bitwarden’s addy.io forwarder sends \`{domain, description}\`: \`domain\` is the shared mail domain or a verified personal domain of the account (else 422), and the \`Website: <host>\` of the description becomes the alias’s origin; the description is kept as its note. Answers 201 with \`data.email\`; 403 over the plan’s alias limit.`,
  },
  'OPTIONS /api/v1/aliases': PREFLIGHT,
  'GET /api/v1/account-details': {
    summary: 'The account (addy.io-compatible)',
    description: `${COMPAT} The username, the default alias domain and the alias count and limit; a read token is enough.`,
  },
  'OPTIONS /api/v1/account-details': PREFLIGHT,
  'GET /api/v1/domain-options': {
    summary: 'Domains for new aliases (addy.io-compatible)',
    description: `${COMPAT} The domains this account may name in \`POST /api/v1/aliases\`, the default first; a read token is enough.`,
  },
  'OPTIONS /api/v1/domain-options': PREFLIGHT,
  'POST /api/alias/random/new': {
    summary: 'Make a random alias (SimpleLogin-compatible)',
    description: `${COMPAT} Bitwarden’s SimpleLogin forwarder sends \`?hostname=<host>\` and \`{note}\`: the host becomes the alias’s origin and the note is kept. Answers 201 with \`alias\`; 403 over the plan’s alias limit.`,
  },
  'OPTIONS /api/alias/random/new': PREFLIGHT,
  'GET /api/user_info': {
    summary: 'The account (SimpleLogin-compatible)',
    description: `${COMPAT} Name, e-mail and whether the plan limits aliases; what a client asks to test its token.`,
  },
  'OPTIONS /api/user_info': PREFLIGHT,
  'GET /api/v5/alias/options': {
    summary: 'Alias options (SimpleLogin-compatible)',
    description: `${COMPAT} Whether another alias may be made and a prefix suggested for \`?hostname=\`; custom suffixes are not offered.`,
  },
  'OPTIONS /api/v5/alias/options': PREFLIGHT,
};
