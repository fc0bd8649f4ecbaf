import { type OperationText, ACCOUNT } from './text';

export const ALIASES: Record<string, OperationText> = {
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
};
