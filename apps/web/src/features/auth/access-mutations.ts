import type { Passkey, User } from '@app/shared';
import { api, ApiError } from '../../api/client';

/** The answer of a failed access call, for a page that explains it (not only a flash). */
export function failureMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.body?.msg ? err.body.msg : fallback;
}

const redeeming = new Map<string, Promise<User>>();

/**
 * GET /api/redeem/{code}. A code works once, so one call per code per page load: React's strict
 * mode mounts twice in development, and both mounts must share the one request.
 */
export function redeemInvitation(code: string): Promise<User> {
  let p = redeeming.get(code);
  if (!p) {
    p = api('GET /api/redeem/:code', { params: { code } }).then((res) => res.user);
    redeeming.set(code, p);
  }
  return p;
}

/**
 * PUT /api/reset/{code} {new_password}: signs in on success and gives the user; null when the account
 * has a second factor, which it signs in with next.
 */
export async function resetPassword(code: string, newPassword: string): Promise<User | null> {
  const res = await api('PUT /api/reset/:code', { params: { code }, body: { new_password: newPassword } });
  return 'user' in res ? res.user : null;
}

/** The reset link's passkeys, listed by the code alone so the owner can remove one they do not know (docs/security.md W18). */
export const resetPasskeysQuery = (code: string) => ({
  queryKey: ['reset', code, 'passkeys'] as const,
  queryFn: async () => (await api('GET /api/reset/:code/passkeys', { params: { code } })).passkeys,
  retry: false,
});

/** DELETE /api/reset/{code}/passkeys/{passkeyId}: the passkeys left. */
export async function removeResetPasskey(code: string, passkeyId: number): Promise<Passkey[]> {
  return (await api('DELETE /api/reset/:code/passkeys/:passkeyId', { params: { code, passkeyId } })).passkeys;
}

/** PUT /api/register {handle, password}: completes the signed-in, unregistered account. */
export async function completeRegistration(handle: string, password: string): Promise<User> {
  return (await api('PUT /api/register', { body: { handle, password } })).user;
}
