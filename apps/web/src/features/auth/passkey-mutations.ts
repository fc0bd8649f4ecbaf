// The browser side of passkeys (docs/product.md §2): the API hands out WebAuthn options, the browser's
// authenticator answers them, and the API verifies the answer.
import type { Passkey, User, WebAuthnAnswer } from '@app/shared';
import {
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { api, ApiError } from '../../api/client';
import { showFlash } from '../../lib/flash-store';

const NOT_USED = 'The passkey was not used.';

// The API passes WebAuthn options and answers through as they are (open records in its schemas): the
// library's own types for them, at this one boundary.
const requestOptions = (options: Record<string, unknown>) => options as unknown as PublicKeyCredentialRequestOptionsJSON;
const answer = ({
  response,
  clientExtensionResults,
  ...rest
}: AuthenticationResponseJSON | RegistrationResponseJSON): WebAuthnAnswer => ({
  ...rest,
  response: { ...response },
  clientExtensionResults: { ...clientExtensionResults },
});

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
  const { options } = await api('POST /api/login/passkey/options');
  const response = await withAuthenticator(() => startAuthentication({ optionsJSON: requestOptions(options) }));
  return (await api('POST /api/login/passkey', { body: { response: answer(response) } })).user;
}

/** POST /api/account/{id}/passkeys/options, the authenticator, then POST /api/account/{id}/passkeys. */
export async function addPasskey(userId: number, name: string): Promise<Passkey> {
  const params = { id: userId };
  const { options } = await api('POST /api/account/:id/passkeys/options', { params });
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  const response = await withAuthenticator(() => startRegistration({ optionsJSON }));
  return (await api('POST /api/account/:id/passkeys', { params, body: { name, response: answer(response) } })).passkey;
}

/** Confirms the signed-in session with a passkey (docs/security.md W17): a challenge only this account's passkeys answer. */
export async function confirmWithPasskey(userId: number): Promise<void> {
  const params = { id: userId };
  const { options } = await api('POST /api/account/:id/reauth/options', { params, noReauth: true });
  const response = await withAuthenticator(() => startAuthentication({ optionsJSON: requestOptions(options) }));
  await api('POST /api/account/:id/reauth', { params, body: { response: answer(response) }, noReauth: true });
}
