import { queryOptions } from '@tanstack/react-query';
import type { AccountDomain, Invitation } from '@app/shared';
import { api, ApiError, seg } from '../../api/client';
import type { SubscriptionInfo } from './subscription';

export const invitationKeys = {
  all: (userId: number) => ['invitations', userId] as const,
};

/** GET /api/account/{id}/invitations (admin only). */
export const invitationsQuery = (userId: number) =>
  queryOptions({
    queryKey: invitationKeys.all(userId),
    queryFn: async ({ signal }): Promise<Invitation[]> => {
      const res = await api.get<{ invitations?: Invitation[] }>(`/api/account/${seg(userId)}/invitations`, { signal });
      return res.invitations ?? [];
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
      const res = await api.get<Partial<SubscriptionInfo>>(`/api/account/${seg(userId)}/subscription`, { signal });
      if (!res.package || !res.subscription) throw new ApiError('No subscription in the answer', { body: res });
      return { billing: res.billing === true, package: res.package, subscription: res.subscription };
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
      const res = await api.get<{ domains?: AccountDomain[] }>(`/api/account/${seg(userId)}/domains`, { signal });
      return res.domains ?? [];
    },
  });
