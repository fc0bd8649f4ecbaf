import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useUser } from '../auth/use-user';
import Inbox from '../messages/inbox';
import { AliasNotices } from './alias-notices';
import { ChatPanel } from './chat-panel';
import { aliasQuery } from './queries';

/** The alias inbox; a chat alias (specialty 'chat') also shows its conversation and the chat input. */
export default function AliasInboxPage() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const { data: alias } = useSuspenseQuery(aliasQuery(user.id, aliasId));
  return (
    <>
      <AliasNotices userId={user.id} alias={alias} />
      {alias.specialty === 'chat' && <ChatPanel key={alias.id} userId={user.id} alias={alias} />}
      <Inbox />
    </>
  );
}
