import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreateApiToken, Invitation, InviteBody, ProfileWire, SpamMode, SpamSettings, User } from '@app/shared';
import { api, ApiError, seg } from '../../api/client';
import { authKey } from '../auth/queries';
import { apiTokenKeys, domainKeys, invitationKeys, spamKeys, subscriptionKeys, totpKeys, type AccountDomain } from './queries';
import { rememberCheckout } from './upgrade-watch';

/** POST /api/account/{id} with the changed fields; the signed-in user is refreshed from the answer. */
export function useProfileUpdate(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileWire): Promise<User> => {
      const res = await api.post<{ user?: User }>(`/api/account/${seg(userId)}`, body);
      if (!res.success || !res.user) throw new ApiError(res.msg ?? 'Not saved', { body: res });
      return res.user;
    },
    onSuccess: (user) => {
      qc.setQueryData(authKey, user);
    },
  });
}

export type GenerateWhat = 'handle' | 'password' | 'name';

/** GET /api/account/{id}/generate/{what}: a suggestion for a profile field. */
export async function generateValue(userId: number, what: GenerateWhat): Promise<string> {
  const res = await api.get<Partial<Record<GenerateWhat, string>>>(`/api/account/${seg(userId)}/generate/${what}`);
  return res[what] ?? '';
}

/** What an invitation write answers: the fresh list, and the link when no relay can mail it. */
export type InvitationWriteResult = { invitations: Invitation[]; link: string | null };
type InvitationAnswer = { invitations?: Invitation[]; link?: string };

function useInvitationWrite<V>(userId: number, call: (v: V) => Promise<InvitationAnswer & { success: boolean }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: V): Promise<InvitationWriteResult> => {
      const res = await call(v);
      if (!res.success || !res.invitations) throw new ApiError('Invitation not saved', {});
      return { invitations: res.invitations, link: typeof res.link === 'string' ? res.link : null };
    },
    onSuccess: ({ invitations }) => {
      qc.setQueryData(invitationKeys.all(userId), invitations);
    },
  });
}

/** PUT /api/account/{id}/invite {name, email, message}. */
export const useSendInvitation = (userId: number) =>
  useInvitationWrite(userId, (body: InviteBody) => api.put<InvitationAnswer>(`/api/account/${seg(userId)}/invite`, body));

/** PUT /api/account/{id}/invite/{invitation}: a new code, the old link stops working. */
export const useResendInvitation = (userId: number) =>
  useInvitationWrite(userId, (id: number) => api.put<InvitationAnswer>(`/api/account/${seg(userId)}/invite/${seg(id)}`));

/** DELETE /api/account/{id}/invite/{invitation}. */
export const useClearInvitation = (userId: number) =>
  useInvitationWrite(userId, (id: number) => api.del<InvitationAnswer>(`/api/account/${seg(userId)}/invite/${seg(id)}`));

// ---- Subscription (docs/product.md §4 "Subscription purchase", docs/architecture.md §4 Billing) ----

/** Where the browser goes for the hosted checkout; a seam for the unit tests. */
export const checkoutNavigation = {
  assign: (url: string) => window.location.assign(url),
};

/** Only an http(s) address is followed: the server builds it, but a `javascript:` one must never run. */
export function checkoutUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const u = new URL(value, window.location.href);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/account/{id}/subscription/checkout {package_id} → {url}: the browser leaves for the
 * hosted checkout. Only the package id is sent; the server picks the price (docs/security.md W9).
 */
export function useCheckout(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    // `url: null` means a paying account's plan was changed in place (the client showed its msg).
    mutationFn: async (packageId: number): Promise<string | null> => {
      const res = await api.post<{ url?: string | null }>(`/api/account/${seg(userId)}/subscription/checkout`, {
        package_id: packageId,
      });
      if (res.url === null) return null;
      const url = checkoutUrl(res.url);
      if (!url) throw new ApiError('Checkout could not be started', { body: res });
      return url;
    },
    onSuccess: (url, packageId) => {
      if (url === null) return qc.invalidateQueries({ queryKey: subscriptionKeys.all(userId) });
      rememberCheckout(packageId);
      checkoutNavigation.assign(url);
    },
    // E.g. 503 BILLING_OFF (the client showed its msg): the screen then reflects the server's state.
    onError: () => qc.invalidateQueries({ queryKey: subscriptionKeys.all(userId) }),
  });
}

/** POST /api/account/{id}/subscription/cancel or /renew; the server's msg is the flash. */
export function useSubscriptionChange(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (what: 'cancel' | 'renew') => api.post(`/api/account/${seg(userId)}/subscription/${what}`),
    onSettled: () => qc.invalidateQueries({ queryKey: subscriptionKeys.all(userId) }),
  });
}

// ---- Personal domains (docs/architecture.md §4) ----

/** POST /api/account/{id}/domains {name} → the new domain with its DNS records. */
export function useAddDomain(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<AccountDomain> => {
      const res = await api.post<{ domain?: AccountDomain }>(`/api/account/${seg(userId)}/domains`, { name });
      if (!res.domain) throw new ApiError('Domain not added', { body: res });
      return res.domain;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: domainKeys.all(userId) }),
  });
}

/**
 * POST /api/account/{id}/domains/{domainId}/verify. A proof not found yet is a 400 whose msg says
 * so; both outcomes resolve with the server's message, so the screen can keep it in view.
 */
export function useVerifyDomain(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (domainId: number): Promise<{ ok: boolean; msg: string }> => {
      try {
        const res = await api.post(`/api/account/${seg(userId)}/domains/${seg(domainId)}/verify`);
        return { ok: true, msg: res.msg ?? 'Domain verified.' };
      } catch (err) {
        if (err instanceof ApiError && err.status === 400 && err.body?.msg) return { ok: false, msg: err.body.msg };
        throw err;
      }
    },
    onSuccess: ({ ok }) => (ok ? qc.invalidateQueries({ queryKey: domainKeys.all(userId) }) : undefined),
  });
}

/** DELETE /api/account/{id}/domains/{domainId}. */
export function useRemoveDomain(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (domainId: number) => api.del(`/api/account/${seg(userId)}/domains/${seg(domainId)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: domainKeys.all(userId) }),
  });
}

// ---- Two-factor authentication (docs/product.md §5) ----

export type TotpEnrolment = { secret: string; otpauth_url: string };

/** POST /api/account/{id}/totp: a new secret to scan or type into an authenticator app. */
export function useStartTotp(userId: number) {
  return useMutation({
    mutationFn: async (): Promise<TotpEnrolment> => {
      const res = await api.post<Partial<TotpEnrolment>>(`/api/account/${seg(userId)}/totp`);
      if (!res.secret || !res.otpauth_url) throw new ApiError('No secret in the answer', { body: res });
      return { secret: res.secret, otpauth_url: res.otpauth_url };
    },
  });
}

/** PUT /api/account/{id}/totp {code}: turns it on; the recovery codes come back this once. */
export function useConfirmTotp(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string): Promise<string[]> => {
      const res = await api.put<{ recovery_codes?: string[] }>(`/api/account/${seg(userId)}/totp`, { code });
      return res.recovery_codes ?? [];
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: totpKeys.all(userId) }),
  });
}

/** DELETE /api/account/{id}/totp {code} or {password}. */
export function useDisableTotp(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string } | { password: string }) => api.del(`/api/account/${seg(userId)}/totp`, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: totpKeys.all(userId) }),
  });
}

/** POST /api/account/{id}/tokens: answers the secret, this once. */
export function useCreateApiToken(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiToken): Promise<string> => {
      const res = await api.post<{ token?: string }>(`/api/account/${seg(userId)}/tokens`, body);
      if (!res.success || !res.token) throw new ApiError('Token not created', { body: res });
      return res.token;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokenKeys.all(userId) }),
  });
}

/** DELETE /api/account/{id}/tokens/{tokenId}: the token stops working at once. */
export function useRevokeApiToken(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: number): Promise<ApiToken[]> => {
      const res = await api.del<{ tokens?: ApiToken[] }>(`/api/account/${seg(userId)}/tokens/${seg(tokenId)}`);
      if (!res.success || !res.tokens) throw new ApiError('Token not revoked', { body: res });
      return res.tokens;
    },
    onSuccess: (tokens) => qc.setQueryData(apiTokenKeys.all(userId), tokens),
  });
}

/** PUT /api/account/{id}/spam: what the account's aliases do with mail scored as spam (docs/spam.md). */
export function useSpamMode(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (mode: SpamMode): Promise<SpamSettings> => {
      const res = await api.put<{ spam?: SpamSettings }>(`/api/account/${seg(userId)}/spam`, { mode });
      if (!res.spam) throw new ApiError('No spam settings in the answer', { body: res });
      return res.spam;
    },
    onSuccess: (spam) => qc.setQueryData(spamKeys.settings(userId), spam),
  });
}
