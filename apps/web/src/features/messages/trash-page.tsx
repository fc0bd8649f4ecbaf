import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { TRASH_KEEP_DAYS } from '@app/shared';
import { useUser } from '../auth/use-user';
import { useShredGrace } from '../aliases/effective-package';
import { askConfirm } from '../../components/confirm-dialog';
import { friendlyDate, fullDate } from '../../lib/dates';
import { Spinner } from '../../components/spinner';
import { TrashIcon } from '../../components/icons';
import { messagesQuery } from './queries';
import { useEmptyTrash, useRestoreMessages } from './mutations';
import { toggle } from './selection';
import { senderName } from './sender';
import './inbox.css';
import './message-list.css';

/**
 * /alias/{aliasId}/trash: the alias's trashed messages, restorable for TRASH_KEEP_DAYS (or until
 * their storage time ends), for a few minutes with data shredding (docs/architecture.md §4); Restore
 * brings the chosen ones back, Empty trash ("Shred now" with data shredding) deletes them all for good.
 */
export default function TrashPage() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const shredAfter = useShredGrace(user);
  const query = useInfiniteQuery(messagesQuery(user.id, aliasId, 'trash'));
  const restore = useRestoreMessages(user.id, aliasId);
  const empty = useEmptyTrash(user.id, aliasId);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  if (query.isError) return null;
  if (query.isPending) return <Spinner label="Loading the trash…" />;
  const messages = query.data.pages.flatMap((p) => p.messages);
  const ids = messages.map((m) => m.id).filter((id) => selected.has(id));
  const busy = restore.isPending || empty.isPending;

  return (
    <section className="inbox trash" aria-labelledby="trash-title">
      <h2 id="trash-title" className="visually-hidden">
        Trash
      </h2>
      <p className="muted small trash-note">
        {shredAfter !== null
          ? `Your plan shreds trashed messages ${shredAfter} minutes after they are trashed: restore them before then, or shred them now.`
          : `Trashed messages stay here for ${TRASH_KEEP_DAYS} days, or less where your plan keeps mail for a shorter time; restore them before then.`}
      </p>
      <div className="toolbar" role="toolbar" aria-label="Trashed messages">
        <span className="toolbar-count" aria-live="polite">
          {ids.length > 0 ? `${ids.length} selected` : ''}
        </span>
        <div className="toolbar-actions">
          <button
            type="button"
            className="btn btn-sm"
            disabled={ids.length === 0 || busy}
            onClick={() => restore.mutate(ids, { onSuccess: () => setSelected(new Set()) })}
          >
            Restore
          </button>
          <button
            type="button"
            className="btn btn-sm btn-danger"
            disabled={messages.length === 0 || busy}
            onClick={async () => {
              const yes = await askConfirm({
                title: shredAfter !== null ? 'Shred the trash now?' : 'Empty the trash?',
                body:
                  messages.length === 1 && !query.hasNextPage
                    ? 'The message in the trash and its key are deleted at once; it cannot be restored.'
                    : `The ${messages.length}${query.hasNextPage ? '+' : ''} messages in the trash and their keys are deleted at once; they cannot be restored.`,
                action: shredAfter !== null ? 'Shred now' : 'Empty trash',
                danger: true,
              });
              if (yes) empty.mutate();
            }}
          >
            {shredAfter !== null ? 'Shred now' : 'Empty trash'}
          </button>
        </div>
      </div>
      {messages.length === 0 ? (
        <div className="empty-state">
          <TrashIcon size={32} />
          <p>The trash is empty.</p>
        </div>
      ) : (
        <ul className="message-list">
          {messages.map((m) => {
            const subject = m.subject || '(no subject)';
            return (
              <li key={m.id} className={`message-row${selected.has(m.id) ? ' is-selected' : ''}`} data-message-id={m.id}>
                <label className="check">
                  <input type="checkbox" checked={selected.has(m.id)} onChange={() => setSelected((s) => toggle(s, m.id))} />
                  <span className="visually-hidden">Select message: {subject}</span>
                </label>
                <span className="message-link">
                  <span className="message-from">
                    <span className="from-name" title={m.sender_address}>
                      {senderName(m.sender_label, m.sender_address)}
                    </span>
                  </span>
                  <span className="message-subject">{subject}</span>
                  <span className="message-date">
                    <time dateTime={m.sent} title={fullDate(m.sent)}>
                      {friendlyDate(m.sent)}
                    </time>
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage && (
        <div className="load-more">
          <button type="button" className="btn" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? <Spinner label="Loading more messages…" /> : 'Load more'}
          </button>
        </div>
      )}
    </section>
  );
}
