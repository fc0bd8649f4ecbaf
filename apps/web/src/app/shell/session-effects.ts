import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRevalidate } from '../../router/data-router';
import type { User } from '@app/shared';
import { aliasKeys, messageKeys } from '../../features/aliases/queries';

/** The live-update stream (docs/architecture.md §4): `{ type: 'message' | 'alias', aliasId }` events. */
export function parseLiveEvent(raw: string, eventName: string): { type: string; aliasId: number | null } | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const v = value as { type?: unknown; aliasId?: unknown; alias_id?: unknown };
    const type = typeof v.type === 'string' ? v.type : eventName;
    const id = v.aliasId ?? v.alias_id;
    return { type, aliasId: typeof id === 'number' && Number.isInteger(id) ? id : null };
  } catch {
    return null;
  }
}

/** The queries live events refresh: the alias list, an alias, an alias's inbox, All mail. */
function isLiveQuery(key: readonly unknown[]): boolean {
  if (key[0] === messageKeys.allMail[0]) return true;
  if (key[0] !== aliasKeys.all[0]) return false;
  return key.length <= 2 || (key.length === 3 && key[2] === messageKeys.list(0)[2]);
}

/** Live updates from the account's event stream while signed in (`userId` set). */
export function useLiveUpdates(userId: number | undefined): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (userId === undefined || typeof EventSource === 'undefined') return;
    // A stream that answers anything but 200 text/event-stream fails for good (no reconnect loop).
    const source = new EventSource(`/api/account/${userId}/events`);
    const onEvent = (e: MessageEvent<string>) => {
      const ev = parseLiveEvent(e.data, e.type);
      if (!ev) return;
      void qc.invalidateQueries({ queryKey: aliasKeys.all, exact: true });
      void qc.invalidateQueries({ queryKey: messageKeys.allMail, exact: true });
      if (ev.aliasId !== null) {
        void qc.invalidateQueries({ queryKey: aliasKeys.detail(ev.aliasId), exact: true });
        void qc.invalidateQueries({ queryKey: messageKeys.list(ev.aliasId), exact: true });
      }
    };
    // Events sent while the stream was closed (before it first opened, or while it reconnected)
    // are lost: on each open, refresh what they would have refreshed.
    const onOpen = () => void qc.invalidateQueries({ predicate: (q) => isLiveQuery(q.queryKey) });
    source.addEventListener('open', onOpen);
    source.addEventListener('message', onEvent);
    source.addEventListener('alias', onEvent);
    return () => source.close();
  }, [userId, qc]);
}

/**
 * While signed in: live updates from the account's event stream, and, when the session ends on the
 * server (the 2-minute auth poll or a 401 reports no user), re-running the guards so a protected
 * screen goes to /login. The 60 s sidebar poll stays as the fallback for the stream.
 */
export function useSessionEffects(user: User | null | undefined): void {
  const revalidate = useRevalidate();
  const hadUser = useRef(Boolean(user));

  useEffect(() => {
    if (hadUser.current && !user) revalidate();
    hadUser.current = Boolean(user);
  }, [user, revalidate]);

  useLiveUpdates(user?.id);
}
