// Re-authentication before a credential change (docs/security.md W17): the proof a request may carry
// and the names of the changes the owner is mailed about (the messages are in constants.ts, which the
// SPA's first load may import without zod).
import { z } from 'zod';
/**
 * What a credential-changing request may carry instead of a recently confirmed session: the current
 * password and, when two-factor authentication is on, a current code (or a recovery code).
 */
export const ReauthProofSchema = z.object({
  current_password: z.string().max(1000).optional(),
  current_otp: z.string().max(64).optional(),
});
export type ReauthProof = z.infer<typeof ReauthProofSchema>;
/** The body of a call that takes nothing but maybe the proof (starting two-factor or a passkey, removing a passkey). */
export const ReauthProofBodySchema = ReauthProofSchema.nullish();

/** What changed, for the credential-change mail (docs/security.md W17): never the credential itself. */
export const CREDENTIAL_CHANGES = {
  passkeyAdded: 'A passkey was added',
  passkeyRemoved: 'A passkey was removed',
  totpEnabled: 'Two-factor authentication was turned on (with new recovery codes)',
  totpDisabled: 'Two-factor authentication was turned off (its recovery codes were removed)',
  tokenCreated: 'An API token was created',
  tokenRevoked: 'An API token was revoked',
  passwordChanged: 'Your password was changed',
  passwordReset: 'Your password was reset with a mailed link',
  passwordResetByAdmin: 'Your password was reset by the operator',
} as const;
export type CredentialChange = keyof typeof CREDENTIAL_CHANGES;
