// /alias/{aliasId}/inbox: the first page of messages, and the code of what the alias shows beside
// them (notices, a chat), are loaded before the screen shows.
import type { LoaderArgs } from './router';
import type { User } from '@app/shared';
import { queryClient } from '../lib/query-client';
import { aliasQuery } from '../features/aliases/queries';
import { messagesQuery } from '../features/messages/queries';
import { preloadInboxParts } from '../features/aliases/alias-inbox-page';
import { idParam } from './params';

export async function loader({ params }: LoaderArgs, user: User | null) {
  if (!user) return null;
  const aliasId = idParam(params.aliasId);
  await Promise.all([
    queryClient.ensureInfiniteQueryData(messagesQuery(user.id, aliasId)),
    queryClient.ensureQueryData(aliasQuery(user.id, aliasId)).then(preloadInboxParts),
  ]);
  return null;
}

// A chat alias also shows its conversation and the chat input (features/aliases/alias-inbox-page).
export { default } from '../features/aliases/alias-inbox-page';
