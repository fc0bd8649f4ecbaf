import { z } from 'zod';
import { REPLY_MAX_LENGTH, REPLY_MESSAGES } from './constants';

/** docs/security.md W21: what a refused send says, with the wait in whole minutes. */
export const SENDING_LIMIT_MESSAGES = {
  alias: (limit: number, minutes: number) =>
    `This alias has sent ${limit} messages in the last hour, the most allowed. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  account: (limit: number, minutes: number) =>
    `Your account has sent ${limit} messages today, the most allowed. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  newRecipients: (limit: number, minutes: number) =>
    `Your account has written to ${limit} new addresses today, the most allowed. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/**
 * `confirm`: send even though the answered message's sender is unverified (imported mail, or a
 * failed sender authentication); without it such a send is refused with CONFIRM_REQUIRED.
 */
const confirm = z.boolean().optional();

/** `POST /api/account/{id}/alias/{aliasId}/message/{messageId}/reply` */
export const ReplyBodySchema = z.object({ text: z.string().max(REPLY_MAX_LENGTH, REPLY_MESSAGES.tooLong), confirm });
export type ReplyBody = z.infer<typeof ReplyBodySchema>;

/** docs/product.md §3 "Notifications": how the account hears of new mail in an alias. */
export const NOTIFY_CHANNELS = ['none', 'email', 'push'] as const;
export const NotifySchema = z.enum(NOTIFY_CHANNELS);
export type Notify = z.infer<typeof NotifySchema>;

/** A browser's PushSubscription as `toJSON()` gives it (the Push API). */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** Browsers of one account that get notifications at once (docs/security.md W20). */
export const PUSH_MAX_SUBSCRIPTIONS = 10;

export const PUSH_MESSAGES = {
  notPublic: 'This push service address is not on the public internet.',
  tooMany: `Notifications are on in ${PUSH_MAX_SUBSCRIPTIONS} browsers already, the most allowed. Turn them off in one of them first.`,
} as const;

/** `POST /api/account/{id}/push` */
export const PushSubscribeBodySchema = z.object({ subscription: PushSubscriptionSchema });
/** `DELETE /api/account/{id}/push` */
export const PushUnsubscribeBodySchema = z.object({ endpoint: z.string().max(2000) });
