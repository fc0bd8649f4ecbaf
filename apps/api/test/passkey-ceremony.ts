import type { FastifyInstance } from 'fastify';
import { as, WRITE_HEADERS } from './helpers';
import { assert, attest, newCredential, type SoftCredential } from './webauthn-authenticator';

/** Registers a fresh software credential through the real ceremony; returns it with the API's answer. */
export async function addPasskey(app: FastifyInstance, cookie: string, accountId: number, name = 'Laptop') {
  const call = as(app, cookie);
  const options = (await call({ method: 'POST', url: `/api/account/${accountId}/passkeys/options` })).json().options;
  const cred = newCredential();
  const res = await call({
    method: 'POST',
    url: `/api/account/${accountId}/passkeys`,
    payload: { name, response: attest(cred, options.challenge) },
  });
  return { cred, res };
}

export async function loginChallenge(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login/passkey/options', headers: WRITE_HEADERS });
  return res.json().options.challenge;
}

/** Signs in with the credential, answering a fresh challenge unless one is given. */
export async function passkeyLogin(
  app: FastifyInstance,
  cred: SoftCredential,
  opts: Parameters<typeof assert>[2] & { challenge?: string } = {},
) {
  const challenge = opts.challenge ?? (await loginChallenge(app));
  return app.inject({
    method: 'POST',
    url: '/api/login/passkey',
    headers: WRITE_HEADERS,
    payload: { response: assert(cred, challenge, opts) },
  });
}
