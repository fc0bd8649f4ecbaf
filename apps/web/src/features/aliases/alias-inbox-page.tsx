import { lazy, Suspense } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { Alias } from '@app/shared';
import { useUser } from '../auth/use-user';
import Inbox from '../messages/inbox';
import { aliasQuery } from './queries';

// Most aliases show neither the notices (a possible leak, expiry) nor a conversation, so their code is
// not part of the inbox's first load: it is fetched for the aliases that show them.
const loadNotices = () => import('./alias-notices');
const loadChatPanel = () => import('./chat-panel');
const AliasNotices = lazy(loadNotices);
const ChatPanel = lazy(loadChatPanel);

// The notices of alias-notices: a possible leak, expiry.
const hasNotice = (alias: Alias) => Boolean(alias.leak) || alias.expired;
const isChat = (alias: Alias) => alias.specialty === 'chat';

/** Fetches the code this alias's inbox shows beside the list (the route's loader calls it). */
export async function preloadInboxParts(alias: Alias): Promise<void> {
  await Promise.all([hasNotice(alias) && loadNotices(), isChat(alias) && loadChatPanel()]);
}

/** The alias inbox; a chat alias (specialty 'chat') also shows its conversation and the chat input. */
export default function AliasInboxPage() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const { data: alias } = useSuspenseQuery(aliasQuery(user.id, aliasId));
  return (
    <>
      <Suspense fallback={null}>
        {hasNotice(alias) && <AliasNotices userId={user.id} alias={alias} />}
        {isChat(alias) && <ChatPanel key={alias.id} userId={user.id} alias={alias} />}
      </Suspense>
      <Inbox />
    </>
  );
}
