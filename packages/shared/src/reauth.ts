// Re-authentication before a credential change (docs/security.md W17): the proof a request may carry,
// the call that confirms a session, and the messages both the API and the SPA show.
import { z } from 'zod';

export const REAUTH_MSG = {
  required: 'Please confirm it’s you: enter your password (and your authentication code) to continue.',
  passkeyNeeded: 'Please confirm it’s you with your passkey to continue.',
  confirmed: 'Thank you. You can continue for a few minutes without confirming again.',
  needPasswordOrPasskey: 'Enter your password, or use your passkey.',
  needCode: 'Enter the code from your authenticator app too.',
  apiToken: 'API tokens cannot change account security. Sign in instead.',
} as const;

/**
 * What a credential-changing request may carry instead of a recently confirmed session: the current
 * password and, when two-factor authentication is on, a current code (or a recovery code).
 */
export const ReauthProofSchema = z.object({
  current_password: z.string().max(1000).optional(),
  current_otp: z.string().max(64).optional(),
});
export type ReauthProof = z.infer<typeof ReauthProofSchema>;

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
