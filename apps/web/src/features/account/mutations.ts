import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreateApiToken, Invitation, InviteBody, ProfileWire, SpamMode, SpamSettings, User } from '@app/shared';
import { api, ApiError } from '../../api/client';
import { authKey } from '../auth/queries';
import {
  apiTokenKeys,
  domainKeys,
  invitationKeys,
  passkeyKeys,
  spamKeys,
  subscriptionKeys,
  totpKeys,
  type AccountDomain,
} from './queries';
import { rememberCheckout } from './upgrade-watch';

/** POST /api/account/{id} with the changed fields; the signed-in user is refreshed from the answer. */
export function useProfileUpdate(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileWire): Promise<User> => {
      const res = await api('POST /api/account/:id', { params: { id: userId }, body });
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
  const params = { id: userId };
  if (what === 'handle') return (await api('GET /api/account/:id/generate/handle', { params })).handle;
  if (what === 'password') return (await api('GET /api/account/:id/generate/password', { params })).password;
  return (await api('GET /api/account/:id/generate/name', { params })).name;
}

/** What an invitation write answers: the fresh list, and the link when no relay can mail it. */
export type InvitationWriteResult = { invitations: Invitation[]; link: string | null };
type InvitationAnswer = { invitations: Invitation[]; link?: string | undefined };

function useInvitationWrite<V>(userId: number, call: (v: V) => Promise<InvitationAnswer>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: V): Promise<InvitationWriteResult> => {
      const res = await call(v);
      return { invitations: res.invitations, link: res.link ?? null };
    },
    onSuccess: ({ invitations }) => {
      qc.setQueryData(invitationKeys.all(userId), invitations);
    },
  });
}

/** PUT /api/account/{id}/invite {name, email, message}. */
export const useSendInvitation = (userId: number) =>
  useInvitationWrite(userId, (body: InviteBody) => api('PUT /api/account/:id/invite', { params: { id: userId }, body }));

/** PUT /api/account/{id}/invite/{invitation}: a new code, the old link stops working. */
export const useResendInvitation = (userId: number) =>
  useInvitationWrite(userId, (id: number) =>
    api('PUT /api/account/:id/invite/:invitation', { params: { id: userId, invitation: id } }),
  );

/** DELETE /api/account/{id}/invite/{invitation}. */
export const useClearInvitation = (userId: number) =>
  useInvitationWrite(userId, (id: number) =>
    api('DELETE /api/account/:id/invite/:invitation', { params: { id: userId, invitation: id } }),
  );

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
      const res = await api('POST /api/account/:id/subscription/checkout', {
        params: { id: userId },
        body: { package_id: packageId },
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
    mutationFn: (what: 'cancel' | 'renew') =>
      what === 'cancel'
        ? api('POST /api/account/:id/subscription/cancel', { params: { id: userId } })
        : api('POST /api/account/:id/subscription/renew', { params: { id: userId } }),
    onSettled: () => qc.invalidateQueries({ queryKey: subscriptionKeys.all(userId) }),
  });
}

// ---- Personal domains (docs/architecture.md §4) ----

/** POST /api/account/{id}/domains {name} → the new domain with its DNS records. */
export function useAddDomain(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<AccountDomain> => {
      const res = await api('POST /api/account/:id/domains', { params: { id: userId }, body: { name } });
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
        const res = await api('POST /api/account/:id/domains/:domainId/verify', { params: { id: userId, domainId } });
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
    mutationFn: (domainId: number) => api('DELETE /api/account/:id/domains/:domainId', { params: { id: userId, domainId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: domainKeys.all(userId) }),
  });
}

// ---- Two-factor authentication (docs/product.md §5) ----

export type TotpEnrolment = { secret: string; otpauth_url: string };

/** POST /api/account/{id}/totp: a new secret to scan or type into an authenticator app. */
export function useStartTotp(userId: number) {
  return useMutation({
    mutationFn: async (): Promise<TotpEnrolment> => {
      const { secret, otpauth_url } = await api('POST /api/account/:id/totp', { params: { id: userId } });
      return { secret, otpauth_url };
    },
  });
}

/** PUT /api/account/{id}/totp {code}: turns it on; the recovery codes come back this once. */
export function useConfirmTotp(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string): Promise<string[]> => {
      const res = await api('PUT /api/account/:id/totp', { params: { id: userId }, body: { code } });
      return res.recovery_codes;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: totpKeys.all(userId) }),
  });
}

/** DELETE /api/account/{id}/totp {code} or {password}. */
export function useDisableTotp(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string } | { password: string }) =>
      api('DELETE /api/account/:id/totp', { params: { id: userId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: totpKeys.all(userId) }),
  });
}

/** PATCH /api/account/{id}/passkeys/{passkeyId} {name}; resolves once the list is fresh. */
export function useRenamePasskey(userId: number, passkeyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api('PATCH /api/account/:id/passkeys/:passkeyId', { params: { id: userId, passkeyId }, body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: passkeyKeys.all(userId) }),
  });
}

/** DELETE /api/account/{id}/passkeys/{passkeyId}; resolves once the list is fresh. */
export function useRemovePasskey(userId: number, passkeyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api('DELETE /api/account/:id/passkeys/:passkeyId', { params: { id: userId, passkeyId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: passkeyKeys.all(userId) }),
  });
}

/** POST /api/account/{id}/tokens: answers the secret, this once. */
export function useCreateApiToken(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiToken): Promise<string> => {
      const res = await api('POST /api/account/:id/tokens', { params: { id: userId }, body });
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
      const res = await api('DELETE /api/account/:id/tokens/:tokenId', { params: { id: userId, tokenId } });
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
      const res = await api('PUT /api/account/:id/spam', { params: { id: userId }, body: { mode } });
      return res.spam;
    },
    onSuccess: (spam) => qc.setQueryData(spamKeys.settings(userId), spam),
  });
}

// ---- Browser notifications (docs/product.md §3 "Notifications") ----

/** The service worker that shows the notes (apps/web/public/sw.js). */
const PUSH_WORKER = '/sw.js';

/** This browser's Web Push subscription, if it has one. */
export async function browserSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration(PUSH_WORKER);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/**
 * Subscribes this browser with the server's VAPID key (GET /api/push/key) and stores the subscription
 * with the account (POST /api/account/{id}/push); true once stored.
 */
export async function subscribeBrowser(userId: number): Promise<boolean> {
  const { public_key } = await api('GET /api/push/key');
  await navigator.serviceWorker.register(PUSH_WORKER);
  const reg = await navigator.serviceWorker.ready;
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key });
  const { keys } = sub.toJSON();
  const subscription = { endpoint: sub.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
  const res = await api('POST /api/account/:id/push', { params: { id: userId }, body: { subscription } });
  return res.success;
}

/** Removes this browser's subscription from the account (DELETE /api/account/{id}/push), then ends it. */
export async function unsubscribeBrowser(userId: number): Promise<void> {
  const sub = await browserSubscription();
  if (!sub) return;
  await api('DELETE /api/account/:id/push', { params: { id: userId }, body: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}
