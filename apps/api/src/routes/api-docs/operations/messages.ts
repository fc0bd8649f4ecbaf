import { type OperationText, ACCOUNT } from './text';

export const MESSAGES: Record<string, OperationText> = {
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
};
