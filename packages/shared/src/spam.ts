// Spam scoring (docs/spam.md): what an account or alias does with mail Rspamd scores as spam, and
// what the mx and the reader decided for each message. One vocabulary for the mx, the database,
// the API and the SPA.
import { z } from 'zod';

/**
 * What happens to mail scored at or above the mark threshold:
 * - `mark`: kept in the inbox with a "likely spam" mark;
 * - `move`: moved to the alias's Spam folder (emptied after SPAM_FOLDER_DAYS);
 * - `refuse`: refused at SMTP (550 5.7.1, nothing stored) at or above the refuse threshold, marked
 *   between the two thresholds.
 */
export const SPAM_MODES = ['mark', 'move', 'refuse'] as const;
export type SpamMode = (typeof SPAM_MODES)[number];
export const SpamModeSchema = z.enum(SPAM_MODES);

/**
 * What was done with one message:
 * - `unscored`: scoring is configured but Rspamd did not answer in time (the message is stored anyway);
 * - `none`: scored below the mark threshold;
 * - `mark`: likely spam, kept in the inbox;
 * - `move`: in the Spam folder (by its score, or because the reader said "Spam");
 * - `ham`: the reader said "Not spam".
 * A message with no action (null) was stored while scoring was off.
 */
export const SPAM_ACTIONS = ['unscored', 'none', 'mark', 'move', 'ham'] as const;
export type SpamAction = (typeof SPAM_ACTIONS)[number];

/** The spam verdict on a message as the API returns it: null score = not scored. */
export const SpamVerdictSchema = z.object({
  score: z.number().nullable(),
  action: z.enum(SPAM_ACTIONS).nullable(),
});
export type SpamVerdict = z.infer<typeof SpamVerdictSchema>;

/** Days a message stays in a Spam folder before the retention job deletes it. */
export const SPAM_FOLDER_DAYS = 30;

/** The reader's verdict on one message: trains the account's Bayes and moves the message. */
export const SpamLearnBodySchema = z.object({ verdict: z.enum(['spam', 'ham']) });
export type SpamLearnBody = z.infer<typeof SpamLearnBodySchema>;

/** What the mx records with an inbound row, for the worker to copy onto each alias's message. */
export interface InboundSpam {
  /** Rspamd's score; null when Rspamd did not answer. */
  score: number | null;
  /** Alias id → what its setting made of the score. */
  actions: Record<string, SpamAction>;
}

/** What an alias's mode (or its account's) makes of a score; refusals are decided before this. */
export function spamActionFor(score: number | null, mode: SpamMode, thresholds: { mark: number }): SpamAction {
  if (score === null) return 'unscored';
  if (score < thresholds.mark) return 'none';
  return mode === 'move' ? 'move' : 'mark';
}

/** The account's spam settings, with what the installation decides (docs/spam.md). */
export const SpamSettingsSchema = z.object({
  mode: SpamModeSchema,
  /** Whether this installation scores mail at all (RSPAMD_URL set). */
  scoring: z.boolean(),
  mark_score: z.number(),
  refuse_score: z.number(),
  folder_days: z.int().positive(),
});
export type SpamSettings = z.infer<typeof SpamSettingsSchema>;
export const SpamSettingsBodySchema = z.object({ mode: SpamModeSchema });
