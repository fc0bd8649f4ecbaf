// What each operation of the API does, in words, for the OpenAPI document (openapi.ts): a summary
// (one line) and a description, keyed by method and route pattern. A route missing here fails
// apps/api/test/openapi.document.test.ts, so the reference never has an operation without words.

export interface OperationText {
  summary: string;
  description: string;
}

const ACCOUNT =
  'The `{id}` is the signed-in account (or the API token’s, see `GET /api/token`); another account’s id answers 404.';

/** The compatible calls: a personal API token in either header, from any origin. */
const COMPAT =
  'For password managers’ username generators: a personal API token as `Authorization: Bearer …` or `Authentication: …` (a session cookie is refused), any origin (CORS), failures as `{error, message}`.';
const PREFLIGHT: OperationText = {
  summary: 'CORS preflight',
  description:
    'Lets a page of any origin send the call with `Authorization` or `Authentication` and `Content-Type`; no credentials.',
};

export const OPERATIONS: Record<string, OperationText> = {
  // ---- Start-up, sign-in and access ----
  'GET /api/init': {
    summary: 'Start-up data of the web app',
    description:
      'The mail domain, the catalogue of packages and sources, and the publishable billing key: what the web app needs before anything else.',
  },
  'POST /api/login': {
    summary: 'Sign in with username and password',
    description:
      'Starts a session (the session cookie). With a second factor on, the first answer is `otp_required` with the methods; send the code in `otp` with the password again.',
  },
  'POST /api/logout': { summary: 'Sign out', description: 'Ends the current session and clears its cookie.' },
  'GET /api/authenticate': {
    summary: 'The signed-in user',
    description: 'The account of the session, renewing its sliding expiry; 401 when signed out.',
  },
  'GET /api/authentication_silent': {
    summary: 'The signed-in user, if any',
    description: 'Like `GET /api/authenticate`, but answers 200 with no user when signed out (public pages ask this).',
  },
  'GET /api/redeem/:code': {
    summary: 'Open an invitation link',
    description: 'Checks the invitation code from a redeem link and signs the invitee in to finish registration.',
  },
  'PUT /api/register': {
    summary: 'Finish registration',
    description: 'Sets the username, name and password of the account an invitation opened.',
  },
  'POST /api/reset': {
    summary: 'Ask for a password reset link',
    description: 'Mails a reset link to the address if an account has it; the answer is the same either way.',
  },
  'PUT /api/reset/:code': {
    summary: 'Set a new password with a reset link',
    description:
      'Sets the password with the code of a reset link, ends every session, API token, passkey added in the last few minutes and other reset link, and signs in.',
  },
  'GET /api/reset/:code/passkeys': {
    summary: 'Passkeys of a reset link',
    description: 'The passkeys of the account of a live reset code, so the owner can remove one they do not know.',
  },
  'DELETE /api/reset/:code/passkeys/:passkeyId': {
    summary: 'Remove a passkey with a reset link',
    description: 'Removes one passkey of the account of a live reset code; answers the passkeys left.',
  },
  'POST /api/login/passkey/options': {
    summary: 'Begin a passkey sign-in',
    description: 'The WebAuthn challenge for signing in with a passkey.',
  },
  'POST /api/login/passkey': {
    summary: 'Sign in with a passkey',
    description: 'Verifies the WebAuthn assertion for the challenge and starts a session.',
  },

  // ---- The account ----
  'POST /api/account/:id': {
    summary: 'Save the profile',
    description: `Name, e-mail, username or password of the account; a password change needs the current one, a recent confirmation (or \`current_otp\` with TOTP on) and ends the other sessions and the API tokens not in \`keep_tokens\`. ${ACCOUNT}`,
  },
  'POST /api/account/:id/reauth': {
    summary: 'Confirm it’s you',
    description: `Confirms this session with the password (and a code while TOTP is on) or a passkey’s answer, so credential changes pass without the password for a few minutes. Session only. ${ACCOUNT}`,
  },
  'POST /api/account/:id/reauth/options': {
    summary: 'Begin confirming with a passkey',
    description: `A WebAuthn challenge only this account’s passkeys may answer, for \`POST /api/account/{id}/reauth\`. Session only. ${ACCOUNT}`,
  },
  'GET /api/account/:id/generate/handle': {
    summary: 'Suggest a username',
    description: `A random free username. ${ACCOUNT}`,
  },
  'GET /api/account/:id/generate/password': {
    summary: 'Suggest a password',
    description: `A random strong password (not stored). ${ACCOUNT}`,
  },
  'GET /api/account/:id/generate/name': { summary: 'Suggest a name', description: `A random display name. ${ACCOUNT}` },
  'GET /api/account/:id/totp': {
    summary: 'Two-factor status',
    description: `Whether TOTP is on, and the recovery codes left. ${ACCOUNT}`,
  },
  'POST /api/account/:id/totp': {
    summary: 'Begin turning TOTP on',
    description: `A new TOTP secret and its otpauth URI for an authenticator app; nothing is on until confirmed. ${ACCOUNT}`,
  },
  'PUT /api/account/:id/totp': {
    summary: 'Confirm TOTP',
    description: `Turns TOTP on with a first code from the app, and answers the recovery codes once. ${ACCOUNT}`,
  },
  'DELETE /api/account/:id/totp': { summary: 'Turn TOTP off', description: `Removes the second factor. ${ACCOUNT}` },
  'GET /api/account/:id/passkeys': { summary: 'List passkeys', description: `The account’s passkeys. ${ACCOUNT}` },
  'POST /api/account/:id/passkeys/options': {
    summary: 'Begin adding a passkey',
    description: `The WebAuthn registration challenge. ${ACCOUNT}`,
  },
  'POST /api/account/:id/passkeys': {
    summary: 'Add a passkey',
    description: `Verifies the WebAuthn registration for the challenge and stores the passkey. ${ACCOUNT}`,
  },
  'PATCH /api/account/:id/passkeys/:passkeyId': { summary: 'Rename a passkey', description: `Changes its label. ${ACCOUNT}` },
  'DELETE /api/account/:id/passkeys/:passkeyId': {
    summary: 'Remove a passkey',
    description: `It no longer signs in. ${ACCOUNT}`,
  },
  'GET /api/token': {
    summary: 'What this API token is',
    description:
      'For a personal API token only (`Authorization: Bearer …`): the account id every `/api/account/{id}/…` path needs, the scope (`read` or `write`) and the expiry (`null`: none).',
  },
  'GET /api/account/:id/tokens': {
    summary: 'List API tokens',
    description: `The account’s personal API tokens, never their secrets. Session only. ${ACCOUNT}`,
  },
  'POST /api/account/:id/tokens': {
    summary: 'Create an API token',
    description: `A new token with a label, a scope and a lifetime (\`expires_in_days\`: 7, 30, 90 by default, 365, or null for never); the secret is in this answer only. Session only. ${ACCOUNT}`,
  },
  'DELETE /api/account/:id/tokens/:tokenId': {
    summary: 'Revoke an API token',
    description: `The token stops working at once. Session only. ${ACCOUNT}`,
  },
  'GET /api/account/:id/events': {
    summary: 'Live updates',
    description: `A server-sent event stream of ids and counters (new mail, read marks) for this account. Session only. ${ACCOUNT}`,
  },
  'GET /api/account/:id/export': {
    summary: 'Export all mail',
    description: `Every alias’s mail as one archive of mbox files. ${ACCOUNT}`,
  },
  'GET /api/account/:id/messages': {
    summary: 'All mail',
    description: `The inbox of every active alias in one list, a row per conversation (its newest received message, with \`thread_key\` and \`thread_count\`; sent replies count in the conversation but are never rows), newest first, a page at a time with \`cursor\`. ${ACCOUNT}`,
  },
  'GET /api/account/:id/thread/:key': {
    summary: 'A conversation',
    description: `The messages of the conversation \`key\` (a \`thread_key\` of All mail), received and sent, across the account’s aliases, oldest first. ${ACCOUNT}`,
  },
  'GET /api/account/:id/search': {
    summary: 'Search mail',
    description: `Messages of all the account’s aliases (or of \`alias_id\`) matching the words and operators of \`q\` (\`from:\`, \`to:\`, \`subject:\`, \`has:attachment\`, \`is:unread\`, \`is:read\`, \`is:spam\`, \`before:\`, \`after:\`, \`larger:\`, \`smaller:\`, quoted phrases, \`-\` to negate), newest first, a page at a time; \`partial\` says the scan stopped at its bound and more may follow \`next_cursor\`. ${ACCOUNT}`,
  },
  'POST /api/account/:id/search/bulk': {
    summary: 'Act on every search result',
    description: `Marks read or unread, trashes, or blocks the sender of (\`block\`, per alias with \`alias_id\`, else for the account), every message matching \`q\` (as the search does), up to 1000 a call; \`count\` is what changed, and \`more\` says a next call may find more. ${ACCOUNT}`,
  },
  'GET /api/push/key': {
    summary: 'The Web Push public key',
    description: 'The VAPID public key a browser subscribes with.',
  },
  'POST /api/account/:id/push': {
    summary: 'Turn on browser notifications',
    description: `Stores this browser’s Web Push subscription. ${ACCOUNT}`,
  },
  'DELETE /api/account/:id/push': {
    summary: 'Turn off browser notifications',
    description: `Removes this browser’s Web Push subscription. ${ACCOUNT}`,
  },

  // ---- Invitations ----
  'GET /api/account/:id/invitations': {
    summary: 'List invitations',
    description: `The invitations the account sent and how many it may still send. ${ACCOUNT}`,
  },
  'PUT /api/account/:id/invite': {
    summary: 'Invite someone',
    description: `Mails an invitation (name, e-mail, message), or answers its link when no relay is set. ${ACCOUNT}`,
  },
  'PUT /api/account/:id/invite/:invitation': {
    summary: 'Send an invitation again',
    description: `A new link for an open invitation. ${ACCOUNT}`,
  },
  'DELETE /api/account/:id/invite/:invitation': {
    summary: 'Withdraw an invitation',
    description: `Its link stops working. ${ACCOUNT}`,
  },

  // ---- Aliases ----
  'GET /api/account/:id/aliases': {
    summary: 'List aliases',
    description: `The account’s aliases with their unread counts. ${ACCOUNT}`,
  },
  'POST /api/account/:id/alias': {
    summary: 'Create an alias',
    description: `A new address on a domain the account may use: chosen, or generated when no handle is sent; a label and the site it is for (\`origin\`) on every plan. ${ACCOUNT}`,
  },
  'GET /api/account/:id/alias/:aliasId': { summary: 'Get an alias', description: `One alias with its settings. ${ACCOUNT}` },
  'PUT /api/account/:id/alias/:aliasId': {
    summary: 'Change an alias',
    description: `Its name, settings, approved senders, pin, or active, trashed and restricted state. ${ACCOUNT}`,
  },
  'PUT /api/account/:id/check/alias': {
    summary: 'Check an address',
    description: `Whether a chosen address is valid and free (for accounts that may choose one). ${ACCOUNT}`,
  },
  'PUT /api/account/:id/generate/alias': {
    summary: 'Suggest an address',
    description: `A random free address on a domain the account may use. ${ACCOUNT}`,
  },
  'GET /api/account/:id/aliases/trashed': { summary: 'List trashed aliases', description: `Aliases in the trash. ${ACCOUNT}` },
  'GET /api/account/:id/aliases/by-handle/:handle': {
    summary: 'Find an alias by its handle',
    description: `The account’s alias with this handle (or handle@domain), trashed ones included. ${ACCOUNT}`,
  },
  'GET /api/account/:id/alias/:aliasId/notes': {
    summary: 'Read the notes',
    description: `The alias’s notes (sealed at rest). ${ACCOUNT}`,
  },
  'PUT /api/account/:id/alias/:aliasId/notes': {
    summary: 'Save the notes',
    description: `Replaces the alias’s notes. ${ACCOUNT}`,
  },
  'GET /api/account/:id/alias/:aliasId/logs': {
    summary: 'The alias’s log',
    description: `What happened to mail for the alias: refusals and deliveries, without content. ${ACCOUNT}`,
  },
  'GET /api/account/:id/alias/:aliasId/statistics': {
    summary: 'The alias’s statistics',
    description: `Messages received per day and the top senders. ${ACCOUNT}`,
  },
  'GET /api/account/:id/alias/:aliasId/chat': {
    summary: 'The alias’s conversation',
    description: `Mail to and from one correspondent as a conversation. ${ACCOUNT}`,
  },
  'POST /api/account/:id/alias/:aliasId/chat': {
    summary: 'Write in the conversation',
    description: `Sends a message from the alias to the correspondent. ${ACCOUNT}`,
  },
  'GET /api/account/:id/alias/:aliasId/export.mbox': {
    summary: 'Export an alias’s mail',
    description: `Its messages as one mbox file. ${ACCOUNT}`,
  },
  'POST /api/account/:id/alias/:aliasId/import': {
    summary: 'Import mail into an alias',
    description: `Stores each message of an mbox file (the request body) in the alias, sealed. ${ACCOUNT}`,
  },

  // ---- Messages ----
  'GET /api/account/:id/alias/:aliasId/messages': {
    summary: 'List messages',
    description: `The alias’s inbox, newest first, a page at a time (\`cursor\`). Each row carries the one-time code and confirmation link found in the mail (\`verification\`). ${ACCOUNT}`,
  },
  'GET /api/account/:id/alias/:aliasId/trash': {
    summary: 'List trashed messages',
    description: `The alias’s trash: messages that can still be restored. ${ACCOUNT}`,
  },
  'GET /api/account/:id/alias/:aliasId/spam': {
    summary: 'List the Spam folder',
    description: `Messages Rspamd scored as spam (for an alias set to move them) or that the reader marked as spam, newest first; emptied after 30 days. ${ACCOUNT}`,
  },
  'POST /api/account/:id/alias/:aliasId/message/:messageId/spam': {
    summary: 'Mark a message as spam or not spam',
    description: `\`{verdict: "spam"}\` moves it to the Spam folder, \`{verdict: "ham"}\` back to the inbox; either trains the account’s spam filter (Rspamd’s Bayes) when scoring is on. Answers the message’s new \`spam\` verdict and whether the filter learnt from it. ${ACCOUNT}`,
  },
  'GET /api/account/:id/spam': {
    summary: 'Read the spam setting',
    description: `What the account’s aliases do with mail scored as spam (\`mark\`, \`move\` or \`refuse\`), whether this installation scores mail, and its thresholds. ${ACCOUNT}`,
  },
  'PUT /api/account/:id/spam': {
    summary: 'Change the spam setting',
    description: `\`{mode: "mark" | "move" | "refuse"}\`; an alias’s own \`spam_mode\` overrides it. ${ACCOUNT}`,
  },
  'GET /api/account/:id/alias/:aliasId/message/:messageId': {
    summary: 'Read a message',
    description: `Its headers, text, sender verdict, attachments, one-time code and confirmation link (\`verification\`) and a signed viewer address for its HTML; marks it read. ${ACCOUNT}`,
  },
  'DELETE /api/account/:id/alias/:aliasId/message/:messageId': {
    summary: 'Delete a message',
    description: `Deletes it for good. ${ACCOUNT}`,
  },
  'PUT /api/account/:id/alias/:aliasId/trash_messages': {
    summary: 'Move messages to the trash',
    description: `The messages named, or all of them. ${ACCOUNT}`,
  },
  'PUT /api/account/:id/alias/:aliasId/restore_messages': {
    summary: 'Restore messages',
    description: `Back from the trash to the inbox. ${ACCOUNT}`,
  },
  'DELETE /api/account/:id/alias/:aliasId/trash': {
    summary: 'Empty the trash',
    description: `Deletes every trashed message. ${ACCOUNT}`,
  },
  'PUT /api/account/:id/alias/:aliasId/mark_messages': {
    summary: 'Mark messages read or unread',
    description: `The messages named, or all of them. ${ACCOUNT}`,
  },
  'GET /api/account/:id/alias/:aliasId/message/:messageId/attachment/:attachmentId': {
    summary: 'Download an attachment',
    description: `The file, opened from its sealed copy. ${ACCOUNT}`,
  },
  'GET /api/account/:id/alias/:aliasId/message/:messageId/raw': {
    summary: 'Download the original message',
    description: `The message as received (.eml). ${ACCOUNT}`,
  },
  'POST /api/account/:id/alias/:aliasId/message/:messageId/reply': {
    summary: 'Reply to a message',
    description: `Sends a reply from the alias to the message’s sender and keeps it as an outgoing message. ${ACCOUNT}`,
  },
  'POST /api/account/:id/alias/:aliasId/message/:messageId/unsubscribe': {
    summary: 'Unsubscribe from a message’s list',
    description: `As the message’s List-Unsubscribe offers (\`method\`: one-click, mailto or link; default the first the message offers): the server posts the one-click request itself (public addresses only), or mails the unsubscribe from the alias, or answers the link for the reader to open. A sender that was not verified needs \`confirm: true\`. ${ACCOUNT}`,
  },
  'GET /api/account/:id/blocks': {
    summary: 'List blocked senders',
    description: `The account’s blocks, each with how much mail it refused. ${ACCOUNT}`,
  },
  'POST /api/account/:id/blocks': {
    summary: 'Block a sender or a domain',
    description: `\`{sender}\` or \`{domain}\` (its subdomains too), for one alias with \`alias_id\`, else for the whole account. Its mail is then refused at SMTP with 550 5.7.1. ${ACCOUNT}`,
  },
  'DELETE /api/account/:id/blocks': {
    summary: 'Remove a block',
    description: `Names the block as it was added (\`{sender}\` or \`{domain}\`, and its \`alias_id\` if it had one). ${ACCOUNT}`,
  },
  'GET /viewer/:userId/:aliasId/:messageId': {
    summary: 'A message’s HTML',
    description:
      'The sanitised HTML of a message for the sandboxed frame, at the signed address the message answer gives; remote images only through the image proxy.',
  },
  'GET /api/image-proxy': {
    summary: 'A remote image of a message',
    description:
      'Fetches an image a message links to, at a signed address, so the sender never sees the reader; private addresses are refused.',
  },

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
  'GET /health': {
    summary: 'Health',
    description:
      'Whether Postgres answers and Redis answers and refuses to evict (`checks`), with the running version and commit; 503 when one fails.',
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

/**
 * Examples of the main answers (the 2xx body), by operation, with made-up values. Each is parsed
 * with the route's own response schema in apps/api/test/openapi.document.test.ts, so none can drift.
 */
export const EXAMPLES: Record<string, unknown> = {
  'POST /api/v1/aliases': {
    data: {
      id: '812',
      email: 'quiet.otter4821@mail.example',
      local_part: 'quiet.otter4821',
      domain: 'mail.example',
      description: 'Website: shop.example. Generated by Bitwarden.',
      active: true,
      created_at: '2026-11-26 19:52:09',
      updated_at: '2026-11-26 19:52:09',
    },
  },
  'POST /api/alias/random/new': {
    id: 812,
    alias: 'shop-x7k2q9@mail.example',
    email: 'shop-x7k2q9@mail.example',
    name: null,
    enabled: true,
    note: 'Website: shop.example. Generated by Bitwarden.',
    creation_date: '2026-11-26 19:52:09+00:00',
    creation_timestamp: 1795722729,
  },
  'GET /api/token': { success: true, api_token: { account_id: 42, scope: 'read', expires_at: '2027-02-24T00:00:00.000Z' } },
  'GET /health': { success: true, version: '0.4.0', commit: '3f2c1a9b7d4e', checks: { database: 'ok', redis: 'ok' } },
  'POST /api/login': {
    success: true,
    user: {
      id: 42,
      handle: 'ada',
      name: 'Ada',
      email: 'ada@example.net',
      mobile: null,
      site_handle_prefix: false,
      approved: '2026-11-02T10:00:00.000Z',
      registered: '2026-11-02T10:05:00.000Z',
      is_admin: false,
      subscription: null,
    },
  },
  'GET /api/account/:id/tokens': {
    success: true,
    tokens: [
      {
        id: 3,
        label: 'backup script',
        scope: 'read',
        created: '2026-11-20T08:00:00.000Z',
        last_used: '2026-11-26T03:00:12.000Z',
        expires: '2027-02-18T00:00:00.000Z',
      },
    ],
  },
  'GET /api/account/:id/alias/:aliasId/messages': {
    success: true,
    messages: [
      {
        id: 1031,
        alias_id: 7,
        sender_label: 'Shop',
        sender_address: 'orders@shop.example',
        subject: 'Your order has shipped',
        snippet: 'Your parcel is on its way and should arrive on Friday.',
        sent: '2026-11-20T09:14:00.000Z',
        sent_unix: 1795165240,
        created: '2026-11-20T09:14:02.000Z',
        html: true,
        opened: null,
        opened_unix: null,
        direction: 'in',
        state: 'ok',
        attachments_count: 0,
        unsubscribe: ['one-click', 'mailto'],
        verification: { code: null, link: null },
        spam: { score: 0.8, action: 'none' },
      },
      {
        id: 1030,
        alias_id: 7,
        sender_label: 'Shop',
        sender_address: 'hello@shop.example',
        subject: 'Confirm your Shop account',
        snippet: 'Your verification code is 482 913. Or confirm your address with the button below.',
        sent: '2026-11-20T09:02:00.000Z',
        sent_unix: 1795164520,
        created: '2026-11-20T09:02:01.000Z',
        html: true,
        opened: '2026-11-20T09:03:10.000Z',
        opened_unix: 1795164590,
        direction: 'in',
        state: 'ok',
        attachments_count: 0,
        unsubscribe: [],
        verification: { code: '482913', link: 'https://shop.example/account/confirm?token=9f8e7d6c' },
        spam: { score: -0.4, action: 'none' },
      },
    ],
    next_cursor: null,
  },
};
