import { useState } from 'react';
import { REPLY_MAX_LENGTH } from '@app/shared';
import { useReplyToMessage } from './mutations';
import './chat-form.css';

/**
 * The Reply box under a received message (docs/product.md §3 "Reply"): the text goes from the alias
 * address to the sender; it is sent only when non-empty after trimming.
 */
export function ReplyBox({ userId, aliasId, messageId }: { userId: number; aliasId: number; messageId: number }) {
  const reply = useReplyToMessage(userId, aliasId, messageId);
  const [text, setText] = useState('');
  const trimmed = text.trim();
  return (
    <form
      className="chat-form reply-form"
      aria-label="Reply"
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed && !reply.isPending) reply.mutate(trimmed, { onSuccess: () => setText('') });
      }}
    >
      <label htmlFor="reply-input" className="visually-hidden">
        Reply
      </label>
      <textarea
        id="reply-input"
        value={text}
        rows={4}
        maxLength={REPLY_MAX_LENGTH}
        placeholder="Write a reply from this alias…"
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={!trimmed || reply.isPending}>
        {reply.isPending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
