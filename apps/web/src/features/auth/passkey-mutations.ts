// The browser side of passkeys (docs/product.md §2): the API hands out WebAuthn options, the browser's
// authenticator answers them, and the API verifies the answer.
import type { Passkey, User } from '@app/shared';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api, ApiError, seg } from '../../api/client';
import { showFlash } from '../../lib/flash-store';

const NOT_USED = 'The passkey was not used.';

/** Runs the authenticator; a cancel or a refusal there is flashed (the API client flashes its own failures). */
async function withAuthenticator<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (err) {
    showFlash('danger', NOT_USED);
    throw new ApiError(err instanceof Error ? err.message : NOT_USED, {});
  }
}

/** POST /api/login/passkey/options, the authenticator, then POST /api/login/passkey. */
export async function signInWithPasskey(): Promise<User> {
  const { options } = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>('/api/login/passkey/options');
  const response = await withAuthenticator(() => startAuthentication({ optionsJSON: options }));
  const res = await api.post<{ user?: User }>('/api/login/passkey', { response });
  if (!res.user) throw new ApiError('Sign-in failed', { body: res });
  return res.user;
}

/** POST /api/account/{id}/passkeys/options, the authenticator, then POST /api/account/{id}/passkeys. */
export async function addPasskey(userId: number, name: string): Promise<Passkey> {
  const base = `/api/account/${seg(userId)}/passkeys`;
  const { options } = await api.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(`${base}/options`);
  const response = await withAuthenticator(() => startRegistration({ optionsJSON: options }));
  const res = await api.post<{ passkey?: Passkey }>(base, { name, response });
  if (!res.passkey) throw new ApiError('Passkey not added', { body: res });
  return res.passkey;
}

/** Confirms the signed-in session with a passkey (docs/security.md W17): a challenge only this account's passkeys answer. */
export async function confirmWithPasskey(userId: number): Promise<void> {
  const base = `/api/account/${seg(userId)}/reauth`;
  const { options } = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(`${base}/options`, undefined, {
    noReauth: true,
  });
  const response = await withAuthenticator(() => startAuthentication({ optionsJSON: options }));
  await api.post(base, { response }, { noReauth: true });
}
