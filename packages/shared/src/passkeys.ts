// Passkeys (docs/product.md §2): the wire shapes of their calls. The WebAuthn objects themselves
// (options, the authenticator's answer) are the JSON forms of the WebAuthn Level 3 specification,
// checked here only for their outline; the api verifies their content.
import { z } from 'zod';
import { ReauthProofSchema } from './reauth';

export const PASSKEY_NAME_MAX = 64;

export const PasskeySchema = z.object({
  id: z.int().positive(),
  name: z.string(),
  created: z.string(),
  last_used: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Please give the passkey a name.')
  .max(PASSKEY_NAME_MAX, `At most ${PASSKEY_NAME_MAX} characters.`);

/** A credential's answer (`PublicKeyCredential.toJSON()`), registration or assertion. */
export const WebAuthnAnswerSchema = z.looseObject({
  id: z.string().min(1).max(1366),
  rawId: z.string().min(1).max(1366),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1) }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** Adding a passkey is a credential change: a stale session adds the proof (docs/security.md W17). */
export type WebAuthnAnswer = z.input<typeof WebAuthnAnswerSchema>;

export const PasskeyAddBodySchema = ReauthProofSchema.extend({ name: PasskeyNameSchema, response: WebAuthnAnswerSchema });
export type PasskeyAddBody = z.infer<typeof PasskeyAddBodySchema>;
export const PasskeyRenameBodySchema = z.object({ name: PasskeyNameSchema });
export const PasskeyLoginBodySchema = z.object({ response: WebAuthnAnswerSchema });

/**
 * POST /api/account/{id}/reauth (docs/security.md W17): the password (and a code when TOTP is on),
 * or a passkey's answer to the challenge of POST /api/account/{id}/reauth/options.
 */
export const ReauthBodySchema = z.object({
  password: z.string().max(1000).optional(),
  otp: z.string().max(64).optional(),
  response: WebAuthnAnswerSchema.optional(),
});
export type ReauthBody = z.infer<typeof ReauthBodySchema>;

/** What a correct password alone does not finish: the sign-in methods still owed (docs/product.md §2). */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** Passkeys one account may hold. */
export const PASSKEYS_MAX = 10;
