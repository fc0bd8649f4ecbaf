import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Alias } from '@app/shared';
import { friendlyDate, fullDate } from '../../lib/dates';
import { to } from '../../router/paths';
import { senderName } from './sender';
import { useSendChat } from '../aliases/manage-mutations';
import { chatQuery } from '../aliases/manage-queries';
import './chat-form.css';
import './chat-panel.css';

/**
 * A chat alias's conversation and its input (docs/product.md §2 "Alias inbox", docs/architecture.md §4): replies go from
 * the alias address to the last correspondent. Text is sent only when non-empty after trimming.
 */
export default function ChatPanel({ userId, alias }: { userId: number; alias: Alias }) {
  const { data: messages = [] } = useQuery({ ...chatQuery(userId, alias.id), refetchInterval: 15_000 });
  const send = useSendChat(userId, alias.id);
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const editable = alias.is_active && !alias.is_trashed;
  const hasCorrespondent = messages.some((m) => m.direction === 'in');
  const trimmed = text.trim();

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages.length]);

  const submit = () => {
    if (!trimmed || send.isPending) return;
    send.mutate(trimmed, { onSuccess: () => setText('') });
  };

  return (
    <section className="chat" aria-label="Conversation">
      {messages.length > 0 && (
        <ol className="chat-log" ref={list}>
          {messages.map((m) => (
            <li key={m.id} className={`bubble bubble-${m.direction}`} data-direction={m.direction}>
              <span className="bubble-meta">
                {m.direction === 'out' ? 'You' : senderName(m.sender_label, m.sender_address)} ·{' '}
                <time dateTime={m.sent} title={fullDate(m.sent)}>
                  {friendlyDate(m.sent)}
                </time>
              </span>
              {m.text != null ? (
                m.text.trim()
              ) : (
                <Link to={to('messageDisplay', { aliasId: alias.id, messageId: m.id })}>{m.subject || 'Open message'}</Link>
              )}
            </li>
          ))}
        </ol>
      )}
      <form
        className="chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="chat-input" className="visually-hidden">
          Message
        </label>
        <textarea
          id="chat-input"
          value={text}
          rows={2}
          maxLength={100_000}
          disabled={!editable || !hasCorrespondent}
          placeholder={hasCorrespondent ? 'Write a reply…' : 'Replies are possible once someone has written to this alias.'}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={!trimmed || send.isPending || !editable || !hasCorrespondent}>
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </form>
    </section>
  );
}
