import { type OperationText, ACCOUNT } from './text';

export const ACCOUNT_OPERATIONS: Record<string, OperationText> = {
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
};
