// /alias/{aliasId}/message/{messageId}. Reading a message marks it read on the server, so the
// sidebar counts and the inbox are refreshed once it has loaded.
import type { LoaderArgs } from './router';
import type { User } from '@app/shared';
import { queryClient } from '../lib/query-client';
import { messageQuery } from '../features/messages/queries';
import { afterMessageOpened } from '../features/messages/mutations';
import { idParam } from './params';

export async function loader({ params }: LoaderArgs, user: User | null) {
  if (!user) return null;
  const aliasId = idParam(params.aliasId);
  const query = messageQuery(user.id, aliasId, idParam(params.messageId));
  const fresh = queryClient.getQueryData(query.queryKey) === undefined;
  await queryClient.ensureQueryData(query);
  if (fresh) void afterMessageOpened(queryClient, aliasId);
  return null;
}

export { default } from '../features/messages/message-view';
