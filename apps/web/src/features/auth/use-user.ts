import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@app/shared';
import { authQuery } from './queries';

/**
 * The signed-in user on a guarded screen (the guard has already loaded it). While a sign-out
 * navigates away, the screen may render once more without a user: it keeps the last one then.
 */
export function useUser(): User {
  const { data } = useQuery(authQuery);
  const last = useRef<User | null>(data ?? null);
  if (data) last.current = data;
  if (!last.current) throw new Error('useUser outside a signed-in route');
  return last.current;
}
