// A message's conversation on its page (docs/product.md §3 "All mail"): its place in it, "1 of 5"
// counted from the newest as in the All mail row, and its other messages, sent replies included,
// as headers that open to their text.
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MessageSummary } from '@app/shared';
import { to } from '../../router/paths';
import { friendlyDate, fullDate } from '../../lib/dates';
import { messageKeys } from '../aliases/queries';
import { LinkifiedText } from './linkified-text';
import { messageQuery } from './queries';
import { threadQuery } from './thread-queries';
import { noteMessageOpened } from './mutations';
import { senderName } from './sender';

/** The messages of a conversation of more than one message, else none. */
export function useConversation(userId: number, key: string | null): MessageSummary[] {
  const { data } = useQuery({ ...threadQuery(userId, key ?? ''), enabled: key !== null });
  return key !== null && data && data.length > 1 ? data : [];
}

/** "2 of 5": where the message is in its conversation, counted from the newest. */
export function ThreadPosition({ messages, messageId }: { messages: MessageSummary[]; messageId: number }) {
  const at = messages.findIndex((m) => m.id === messageId);
  if (at < 0) return null;
  return (
    <span
      className="badge thread-count"
      data-testid="thread-position"
      title="Counted from the newest message of the conversation"
    >
      {at + 1} of {messages.length}
    </span>
  );
}

export function Conversation({ userId, messages, messageId }: { userId: number; messages: MessageSummary[]; messageId: number }) {
  if (!messages.length) return null;
  return (
    <section className="conversation" aria-labelledby="conversation-title">
      <h3 id="conversation-title" className="conversation-title">
        Conversation · {messages.length} messages
      </h3>
      <ol className="conversation-list">
        {messages.map((m) => (
          <ConversationItem key={m.id} userId={userId} message={m} current={m.id === messageId} />
        ))}
      </ol>
    </section>
  );
}

function ConversationItem({ userId, message: m, current }: { userId: number; message: MessageSummary; current: boolean }) {
  const [open, setOpen] = useState(false);
  const from = m.direction === 'out' ? 'You' : senderName(m.sender_label, m.sender_address);
  // Once open, the text below says what the snippet would.
  const about = current ? 'This message' : open ? m.subject || '(no subject)' : m.snippet || m.subject || '(no subject)';
  const head = (
    <>
      <span className="conversation-from" title={m.direction === 'out' ? 'Sent from the alias' : m.sender_address}>
        {from}
      </span>
      <span className="conversation-snippet muted">{about}</span>
      <time className="conversation-date muted" dateTime={m.sent} title={fullDate(m.sent)}>
        {friendlyDate(m.sent)}
      </time>
    </>
  );
  return (
    <li
      className={`conversation-item${current ? ' is-current' : ''}${m.opened ? '' : ' is-unread'}`}
      data-direction={m.direction}
      aria-current={current || undefined}
    >
      {current ? (
        <div className="conversation-head">{head}</div>
      ) : (
        <button type="button" className="conversation-head" aria-expanded={open} onClick={() => setOpen(!open)}>
          {head}
        </button>
      )}
      {open && <ConversationBody userId={userId} message={m} />}
    </li>
  );
}

/** An opened header: the message's text (reading it marks it read, as opening it does). */
function ConversationBody({ userId, message: m }: { userId: number; message: MessageSummary }) {
  const qc = useQueryClient();
  const { data, isError } = useQuery(messageQuery(userId, m.alias_id, m.id));
  useEffect(() => {
    if (!data) return;
    noteMessageOpened(qc, m.alias_id, data);
    void qc.invalidateQueries({ queryKey: messageKeys.threads });
  }, [qc, m.alias_id, data]);
  return (
    <div className="conversation-body">
      {isError ? (
        <p className="muted">This message could not be loaded.</p>
      ) : !data ? (
        <p className="muted">Loading…</p>
      ) : data.text?.trim() ? (
        <div className="message-text">
          <LinkifiedText text={data.text} />
        </div>
      ) : (
        <p className="muted">This message has no text.</p>
      )}
      <Link to={to('messageDisplay', { aliasId: m.alias_id, messageId: m.id })} className="small">
        Open this message
      </Link>
    </div>
  );
}
