import { useEffect, useRef, useState } from 'react';
import { useQueryClient, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EMPTY, type Alias, type MessageSummary } from '@app/shared';
import { aliasKeys } from '../aliases/queries';
import { useUser } from '../auth/use-user';
import { to } from '../../routes/paths';
import { shortDate, fullDate } from '../../lib/dates';
import { MailIcon, MailOpenIcon, PaperclipIcon, TrashIcon } from '../layout/icons';
import { Spinner } from '../layout/spinner';
import { messagesQuery } from './queries';
import { useMarkMessages, useTrashMessages } from './mutations';
import { selectionState, toggle } from './selection';
import { senderName } from './sender';
import { useTitle } from '../../lib/title';

/** SPEC §2 "Alias inbox": list, NEW badges, selection, bulk mark read/unread/trash, more pages. */
export default function Inbox() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const query = useSuspenseInfiniteQuery(messagesQuery(user.id, aliasId));
  const alias = useQueryClient().getQueryData<Alias>(aliasKeys.detail(aliasId));
  useTitle(alias ? `Inbox · ${alias.label || alias.handle}` : 'Inbox');
  const messages = query.data.pages.flatMap((p) => p.messages);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const { ids, all, some } = selectionState(
    selected,
    messages.map((m) => m.id),
  );
  const mark = useMarkMessages(user.id, aliasId);
  const trash = useTrashMessages(user.id, aliasId);
  const busy = mark.isPending || trash.isPending;

  // A new alias starts with nothing selected.
  useEffect(() => setSelected(new Set()), [aliasId]);

  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = some;
  }, [some]);

  const clear = () => setSelected(new Set());

  return (
    <section className="inbox" aria-label="Messages">
      <div className="toolbar" role="toolbar" aria-label="Selected messages">
        <label className="check select-all">
          <input
            ref={selectAll}
            type="checkbox"
            checked={all}
            disabled={messages.length === 0}
            onChange={() => setSelected(all ? new Set() : new Set(messages.map((m) => m.id)))}
          />
          <span className="visually-hidden">Select all messages</span>
        </label>
        <span className="toolbar-count" aria-live="polite">
          {ids.length > 0 ? `${ids.length} selected` : ''}
        </span>
        <div className="toolbar-actions">
          <button
            type="button"
            className="btn btn-sm"
            disabled={ids.length === 0 || busy}
            onClick={() => mark.mutate({ ids, type: 'read' }, { onSuccess: clear })}
          >
            <MailOpenIcon size={16} />
            <span className="label-collapse">Mark read</span>
          </button>
          <button
            type="button"
            className="btn btn-sm"
            disabled={ids.length === 0 || busy}
            onClick={() => mark.mutate({ ids, type: 'unread' }, { onSuccess: clear })}
          >
            <MailIcon size={16} />
            <span className="label-collapse">Mark unread</span>
          </button>
          <button
            type="button"
            className="btn btn-sm btn-danger"
            disabled={ids.length === 0 || busy}
            onClick={() => trash.mutate(ids, { onSuccess: clear })}
          >
            <TrashIcon size={16} />
            <span className="label-collapse">Trash</span>
          </button>
        </div>
      </div>

      {messages.length === 0 ? (
        <div className="empty-state">
          <MailIcon size={32} />
          <p>{EMPTY.noMessages}</p>
        </div>
      ) : (
        <ul className="message-list">
          {messages.map((m) => (
            <MessageRow
              key={m.id}
              message={m}
              href={to('messageDisplay', { aliasId, messageId: m.id })}
              checked={selected.has(m.id)}
              onToggle={() => setSelected((s) => toggle(s, m.id))}
            />
          ))}
        </ul>
      )}

      {query.hasNextPage && (
        <div className="load-more">
          <button
            type="button"
            className="btn"
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? <Spinner label="Loading more messages…" /> : 'Load more'}
          </button>
        </div>
      )}
    </section>
  );
}

function MessageRow({
  message: m,
  href,
  checked,
  onToggle,
}: {
  message: MessageSummary;
  href: string;
  checked: boolean;
  onToggle: () => void;
}) {
  const unread = !m.opened;
  const from = senderName(m.sender_label, m.sender_address);
  const subject = m.subject || '(no subject)';
  return (
    <li className={`message-row${unread ? ' is-unread' : ''}${checked ? ' is-selected' : ''}`} data-message-id={m.id}>
      <label className="check">
        <input type="checkbox" checked={checked} onChange={onToggle} />
        <span className="visually-hidden">Select message: {subject}</span>
      </label>
      <Link to={href} className="message-link">
        <span className="message-from">
          {unread && <span className="badge badge-new">NEW</span>}
          <span className="from-name" title={m.sender_address}>
            {from}
          </span>
        </span>
        <span className="message-subject">{subject}</span>
        <span className="message-date">
          {m.attachments_count > 0 && (
            <span className="attach-icon" title={`${m.attachments_count} attachment(s)`}>
              <PaperclipIcon size={14} />
              <span className="visually-hidden">Has attachments.</span>
            </span>
          )}
          {m.state === 'failed' && <span className="badge badge-danger">Could not display</span>}
          <time dateTime={m.sent} title={fullDate(m.sent)}>
            {shortDate(m.sent)}
          </time>
        </span>
      </Link>
    </li>
  );
}
