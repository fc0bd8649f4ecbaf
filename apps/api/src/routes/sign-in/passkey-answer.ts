// Checking a passkey's answer to a challenge (docs/security.md PK1–PK5): one place for the sign-in
// and for confirming a signed-in session (W17).
import {
  findPasskeyByCredentialId,
  insertPasskeyChallenge,
  recordPasskeyUse,
  takePasskeyChallenge,
  type PasskeyPurpose,
  type PasskeyRow,
} from '@app/db';
import type { Services } from '@app/runtime';
import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';

/** How long a challenge may be answered (docs/security.md PK1); also the browser's time-out. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** The relying party is PUBLIC_URL: its host name is the RP ID and its origin the only one accepted (PK3). */
export function relyingParty(services: Pick<Services, 'config'>): { rpID: string; origin: string } {
  const { hostname: rpID, origin } = new URL(services.config.PUBLIC_URL);
  return { rpID, origin };
}

export function rememberChallenge(services: Services, challenge: string, purpose: PasskeyPurpose, accountId: number | null) {
  return insertPasskeyChallenge(services.database.db, {
    challenge,
    purpose,
    accountId,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

/** The answer's challenge must be a live one of this purpose (and account); it is used up by this check. */
export const takenChallenge = (services: Services, purpose: PasskeyPurpose, accountId: number | null) => (challenge: string) =>
  takePasskeyChallenge(services.database.db, challenge, purpose, accountId);

/**
 * The passkey that signed this answer to a live challenge of `purpose` (and account), with its use
 * recorded; null when anything fails. `accepts` may refuse the passkey (its account) before the
 * signature is checked.
 */
export async function checkPasskeyAnswer(
  services: Services,
  response: AuthenticationResponseJSON,
  purpose: PasskeyPurpose,
  accountId: number | null,
  accepts: (passkey: PasskeyRow) => Promise<boolean> | boolean,
): Promise<PasskeyRow | null> {
  const { db } = services.database;
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey || !(await accepts(passkey))) return null;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: takenChallenge(services, purpose, accountId),
    expectedOrigin: relyingParty(services).origin,
    expectedRPID: relyingParty(services).rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransport[],
    },
    requireUserVerification: true,
  }).catch(() => null);
  // A counter that did not grow means a cloned authenticator (docs/security.md PK2); the library refuses it.
  if (!verification?.verified) return null;
  if (!(await recordPasskeyUse(db, passkey.id, passkey.counter, verification.authenticationInfo.newCounter))) return null;
  return passkey;
}
