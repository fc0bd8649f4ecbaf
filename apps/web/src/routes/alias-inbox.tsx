// /alias/{aliasId}/inbox: the first page of messages is loaded before the screen shows.
import type { LoaderFunctionArgs } from 'react-router';
import type { User } from '@app/shared';
import { queryClient } from '../lib/query-client';
import { messagesQuery } from '../features/messages/queries';
import { idParam } from './params';

export async function loader({ params }: LoaderFunctionArgs, user: User | null) {
  if (!user) return null;
  await queryClient.ensureInfiniteQueryData(messagesQuery(user.id, idParam(params.aliasId)));
  return null;
}

// A chat alias also shows its conversation and the chat input (features/aliases/alias-inbox-page).
export { default } from '../features/aliases/alias-inbox-page';
