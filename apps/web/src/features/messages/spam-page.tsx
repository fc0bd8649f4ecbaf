import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { SPAM_FOLDER_DAYS } from '@app/shared';
import { useUser } from '../auth/use-user';
import { to } from '../../router/paths';
import { Spinner } from '../../components/spinner';
import { AlertIcon } from '../../components/icons';
import { messagesQuery } from './queries';
import { MessageSummaryLink } from './message-summary-link';
import './inbox.css';
import './message-list.css';

/**
 * /alias/{aliasId}/spam: the alias's Spam folder (docs/spam.md): mail its spam mode moved here, and
 * mail marked "Spam" by hand. Each message opens as in the inbox, with "Not spam" to move it back.
 */
export default function SpamPage() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const query = useInfiniteQuery(messagesQuery(user.id, aliasId, 'spam'));
  if (query.isError) return null;
  if (query.isPending) return <Spinner label="Loading the Spam folder…" />;
  const messages = query.data.pages.flatMap((p) => p.messages);

  return (
    <section className="inbox spam-folder" aria-labelledby="spam-title">
      <h2 id="spam-title" className="visually-hidden">
        Spam
      </h2>
      <p className="muted small trash-note">
        Messages here are deleted after {SPAM_FOLDER_DAYS} days. Open one and choose “Not spam” to move it back to the inbox.
      </p>
      {messages.length === 0 ? (
        <div className="empty-state">
          <AlertIcon size={32} />
          <p>No spam here.</p>
        </div>
      ) : (
        <ul className="message-list">
          {messages.map((m) => (
            <li key={m.id} className={`message-row${m.opened ? '' : ' is-unread'}`} data-message-id={m.id}>
              <MessageSummaryLink
                message={m}
                href={to('messageDisplay', { aliasId, messageId: m.id })}
                below={m.spam.score !== null && <span className="muted small spam-score">score {m.spam.score.toFixed(1)}</span>}
              />
            </li>
          ))}
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
