import { z } from 'zod';
import { Id, SenderDomainSchema, SenderEmailSchema, normalizeAddress } from './rules';

/** docs/product.md §3 "Blocked senders": a rule refuses mail from one address or one domain (and its subdomains). */
export const BLOCK_KINDS = ['sender', 'domain'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const BLOCK_MESSAGES = {
  created: 'The sender is blocked.',
  removed: 'The block is removed.',
  exists: 'This block exists already.',
  oneOf: 'Give either a sender address or a domain.',
  tooMany: (limit: number) => `An account can keep at most ${limit} blocks.`,
} as const;

/** The most rules one account keeps: the mx reads an account's rules at every recipient. */
export const BLOCKS_PER_ACCOUNT = 1000;

export const BlockRuleSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(BLOCK_KINDS),
  /** The address (lower-case) or the domain. */
  value: z.string(),
  /** The alias the rule covers; null for the whole account. */
  alias_id: z.number().int().positive().nullable(),
  /** Mail refused by this rule so far. */
  count: z.number().int().nonnegative(),
  last_blocked: z.string().nullable(),
  created: z.string(),
});
export type BlockRule = z.infer<typeof BlockRuleSchema>;

/** `POST /api/account/{id}/blocks`: `{sender}` or `{domain}`, optional `alias_id` (without it: the whole account). */
export const CreateBlockBodySchema = z
  .object({
    sender: SenderEmailSchema.optional(),
    domain: SenderDomainSchema.optional(),
    alias_id: z.number().int().positive().optional(),
  })
  .refine((b) => !!b.sender !== !!b.domain, { message: BLOCK_MESSAGES.oneOf });
export type CreateBlockBody = z.infer<typeof CreateBlockBodySchema>;

/** The rule a create body asks for, normalised as it is stored and matched. */
export function blockOf(body: CreateBlockBody): { kind: BlockKind; value: string } {
  return body.sender
    ? { kind: 'sender', value: normalizeAddress(body.sender) }
    : { kind: 'domain', value: body.domain!.trim().toLowerCase() };
}

export const BlockParamsSchema = z.object({
  id: Id,
  blockId: Id,
});

/** docs/product.md §3 "Unsubscribe": the ways a message's List-Unsubscribe offers. */
export const UNSUBSCRIBE_METHODS = ['one-click', 'mailto', 'link'] as const;
export type UnsubscribeMethod = (typeof UNSUBSCRIBE_METHODS)[number];

/**
 * `POST …/message/{messageId}/unsubscribe`; without `method` the server takes one-click, then mailto,
 * then link. `confirm`: as for a reply, act for a sender that was not verified (the request or the
 * mail goes where a possibly forged message says).
 */
export const UnsubscribeBodySchema = z
  .object({ method: z.enum(UNSUBSCRIBE_METHODS).optional(), confirm: z.boolean().optional() })
  .optional();

/** What the server did: posted the one-click request, queued the mail, or (link) left it to the reader to open. */
export const UnsubscribeResultSchema = z.object({
  method: z.enum(UNSUBSCRIBE_METHODS),
  /** 'posted': the sender answered the one-click POST; 'queued': the mail is in the outbox; 'open': open `url` yourself. */
  done: z.enum(['posted', 'queued', 'open']),
  /** For 'link' only: the https address to open (new tab, no referrer). */
  url: z.string().nullable(),
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;

export const UNSUBSCRIBE_MESSAGES = {
  none: 'This message offers no way to unsubscribe.',
  notOffered: 'This message does not offer that way to unsubscribe.',
  notReceived: 'Only a received message can be unsubscribed from.',
  unreachable: "The sender's unsubscribe address could not be reached. Try again later, or block the sender.",
  refused: (status: number) =>
    `The sender's unsubscribe address answered with an error (${status}). Try again later, or block the sender.`,
  posted: 'Unsubscribe request sent.',
  queued: 'Unsubscribe mail sent from the alias.',
  open: 'This sender unsubscribes through its web page.',
} as const;
