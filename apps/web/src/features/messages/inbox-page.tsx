// /alias/{aliasId}/inbox: the first page of messages, and the code of what the alias shows beside
// them (notices, a chat), are loaded before the screen shows.
import { lazy, Suspense } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { Alias, User } from '@app/shared';
import { queryClient } from '../../api/query-client';
import type { LoaderArgs } from '../../router/data-router';
import { idParam } from '../../router/params';
import { useUser } from '../auth/use-user';
import { aliasQuery } from '../aliases/queries';
import Inbox from './inbox';
import { messagesQuery } from './queries';

// Most aliases show neither the notices (a possible leak, expiry) nor a conversation, so their code is
// not part of the inbox's first load: it is fetched for the aliases that show them.
const loadNotices = () => import('../aliases/alias-notices');
const loadChatPanel = () => import('./chat-panel');
const AliasNotices = lazy(loadNotices);
const ChatPanel = lazy(loadChatPanel);

// The notices of alias-notices: a possible leak, expiry.
const hasNotice = (alias: Alias) => Boolean(alias.leak) || alias.expired;
const isChat = (alias: Alias) => alias.specialty === 'chat';

/** Fetches the code this alias's inbox shows beside the list. */
async function preloadInboxParts(alias: Alias): Promise<void> {
  await Promise.all([hasNotice(alias) && loadNotices(), isChat(alias) && loadChatPanel()]);
}

export async function loader({ params }: LoaderArgs, user: User) {
  const aliasId = idParam(params.aliasId);
  await Promise.all([
    queryClient.ensureInfiniteQueryData(messagesQuery(user.id, aliasId)),
    queryClient.ensureQueryData(aliasQuery(user.id, aliasId)).then(preloadInboxParts),
  ]);
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
