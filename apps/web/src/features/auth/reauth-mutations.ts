// Confirming the signed-in session before a credential change (docs/security.md W17).
import { api } from '../../api/client';

/** POST /api/account/{id}/reauth with the password, and the authenticator code when two-factor is on. */
export async function confirmSession(userId: number, body: { password: string; otp?: string }): Promise<void> {
  await api('POST /api/account/:id/reauth', { params: { id: userId }, body, noReauth: true });
}
