import { queryOptions } from '@tanstack/react-query';
import type { AccountDomain, ApiToken, Invitation, Passkey, SpamSettings } from '@app/shared';
import { api } from '../../api/client';
import type { SubscriptionInfo } from './subscription';

export const invitationKeys = {
  all: (userId: number) => ['invitations', userId] as const,
};

/** GET /api/account/{id}/invitations (admin only). */
export const invitationsQuery = (userId: number) =>
  queryOptions({
    queryKey: invitationKeys.all(userId),
    queryFn: async ({ signal }): Promise<Invitation[]> => {
      const res = await api('GET /api/account/:id/invitations', { params: { id: userId }, signal });
      return res.invitations;
    },
  });

export const subscriptionKeys = {
  all: (userId: number) => ['subscription', userId] as const,
};

/** GET /api/account/{id}/subscription: the package in force, its Stripe state, and whether billing is on. */
export const subscriptionQuery = (userId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.all(userId),
    queryFn: async ({ signal }): Promise<SubscriptionInfo> => {
      const {
        billing,
        package: pkg,
        subscription,
      } = await api('GET /api/account/:id/subscription', {
        params: { id: userId },
        signal,
      });
      return { billing, package: pkg, subscription };
    },
  });

/** A domain of GET /api/account/{id}/domains (the wire shape lives in @app/shared). */
export type { AccountDomain };

export const domainKeys = {
  all: (userId: number) => ['domains', userId] as const,
};

/** GET /api/account/{id}/domains. */
export const domainsQuery = (userId: number) =>
  queryOptions({
    queryKey: domainKeys.all(userId),
    queryFn: async ({ signal }): Promise<AccountDomain[]> => {
      const res = await api('GET /api/account/:id/domains', { params: { id: userId }, signal });
      return res.domains;
    },
  });

export type TotpStatus = { enabled: boolean; recovery_codes_left: number };

export const totpKeys = {
  all: (userId: number) => ['totp', userId] as const,
};

/** GET /api/account/{id}/totp: whether two-factor authentication is on (docs/product.md §5). */
export const totpQuery = (userId: number) =>
  queryOptions({
    queryKey: totpKeys.all(userId),
    queryFn: async ({ signal }): Promise<TotpStatus> => {
      const { enabled, recovery_codes_left } = await api('GET /api/account/:id/totp', { params: { id: userId }, signal });
      return { enabled, recovery_codes_left };
    },
  });

export const passkeyKeys = {
  all: (userId: number) => ['passkeys', userId] as const,
};

/** GET /api/account/{id}/passkeys. */
export const passkeysQuery = (userId: number) =>
  queryOptions({
    queryKey: passkeyKeys.all(userId),
    queryFn: async ({ signal }): Promise<Passkey[]> => {
      const res = await api('GET /api/account/:id/passkeys', { params: { id: userId }, signal });
      return res.passkeys;
    },
  });

export const apiTokenKeys = {
  all: (userId: number) => ['api-tokens', userId] as const,
};

/** GET /api/account/{id}/tokens: the account's personal API tokens, never their secrets. */
export const apiTokensQuery = (userId: number) =>
  queryOptions({
    queryKey: apiTokenKeys.all(userId),
    queryFn: async ({ signal }): Promise<ApiToken[]> => {
      const res = await api('GET /api/account/:id/tokens', { params: { id: userId }, signal });
      return res.tokens;
    },
  });

export const spamKeys = {
  settings: (userId: number) => ['spam', userId] as const,
};

/** GET /api/account/{id}/spam: the account's spam mode and whether this installation scores mail (docs/spam.md). */
export const spamSettingsQuery = (userId: number) =>
  queryOptions({
    queryKey: spamKeys.settings(userId),
    queryFn: async ({ signal }): Promise<SpamSettings> => {
      const res = await api('GET /api/account/:id/spam', { params: { id: userId }, signal });
      return res.spam;
    },
  });
