import { useQuery, useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { parseSearchQuery, type Alias, type MessageSummary, type SearchBulkBody } from '@app/shared';
import { aliasesQuery } from '../aliases/queries';
import { useUser } from '../auth/use-user';
import { useTitle } from '../../lib/title';
import { to } from '../../router/paths';
import { Spinner } from '../../components/spinner';
import { MessageSummaryLink } from '../messages/message-summary-link';
import { CloseIcon, MailIcon, MailOpenIcon, TrashIcon } from '../../components/icons';
import { showFlash } from '../../lib/flash-store';
import { searchQuery, useSearchBulk } from './queries';
import './search-page.css';
import { askConfirm } from '../../components/confirm-dialog';

/**
 * docs/product.md §2 "Search": the matching messages, each with its alias, linking to the message;
 * the query's operators as chips, and actions on every result (not only the pages loaded).
 */
export default function SearchPage() {
  const user = useUser();
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const scope = params.get('alias');
  const aliasId = scope && /^\d+$/.test(scope) ? Number(scope) : null;
  useTitle(`Search · ${q}`);
  const { data: aliases } = useQuery(aliasesQuery(user.id));
  const results = useInfiniteQuery({ ...searchQuery(user.id, q, aliasId), enabled: q.trim() !== '' });
  const byId = new Map((aliases ?? []).map((a) => [a.id, a]));
  const messages = results.data?.pages.flatMap((p) => p.messages) ?? [];
  const scopeAlias = aliasId === null ? undefined : byId.get(aliasId);
  const parsed = parseSearchQuery(q);
  const lastPage = results.data?.pages[results.data.pages.length - 1];

  return (
    <section className="search-results" aria-label="Search results">
      <h1 className="page-title">
        Search{scopeAlias ? ` in ${scopeAlias.address}` : ''}: “{q}”
      </h1>
      {parsed.ok && parsed.clauses.some((c) => c.op !== 'word') && (
        <ul className="search-chips" aria-label="Search terms">
          {parsed.clauses.map((c, i) => (
            <li key={i} className={`search-chip${c.negated ? ' is-negated' : ''}`}>
              {c.text}
            </li>
          ))}
        </ul>
      )}
      <BulkActions userId={user.id} q={q} aliasId={aliasId} shown={messages.length > 0} />
      {results.isPending && q ? (
        <Spinner label="Searching…" />
      ) : results.isError ? (
        <p className="notice notice-error" role="alert">
          {results.error.message}
        </p>
      ) : messages.length === 0 ? (
        <p className="empty-state">No message matches.</p>
      ) : (
        <ul className="message-list">
          {messages.map((m) => (
            <ResultRow key={m.id} message={m} alias={byId.get(m.alias_id)} />
          ))}
        </ul>
      )}
      {lastPage?.partial && (
        <p className="notice notice-info" role="status">
          Only part of your mail was searched so far: more results may exist.
        </p>
      )}
      {results.hasNextPage && (
        <div className="load-more">
          <button
            type="button"
            className="btn"
            disabled={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
          >
            {results.isFetchingNextPage ? (
              <Spinner label="Loading more results…" />
            ) : lastPage?.partial ? (
              'Search further'
            ) : (
              'Load more'
            )}
          </button>
        </div>
      )}
    </section>
  );
}

/** Actions on every message the search finds, not only the pages loaded; trashing and blocking ask first. */
// Stays mounted while the results empty out, so that a finished action still reports its count.
function BulkActions(props: { userId: number; q: string; aliasId: number | null; shown: boolean }) {
  const { userId, q, aliasId } = props;
  const bulk = useSearchBulk(userId);
  const act = async (action: SearchBulkBody['action']) => {
    if (
      action === 'trash' &&
      !(await askConfirm({
        title: 'Trash every result?',
        body: 'Every message this search finds, not only the ones shown, moves to the trash of its alias.',
        action: 'Move to trash',
        danger: true,
      }))
    )
      return;
    if (
      action === 'block' &&
      !(await askConfirm({
        title: 'Block every sender found?',
        body: 'The sender of every message this search finds is blocked: their next mail is refused.',
        action: 'Block senders',
        danger: true,
      }))
    )
      return;
    bulk.mutate(
      { q, action, ...(aliasId === null ? {} : { alias_id: aliasId }) },
      {
        onSuccess: ({ count, more }) => {
          const what = action === 'trash' ? 'moved to the trash' : `marked ${action}`;
          showFlash(
            'success',
            `${count} message${count === 1 ? '' : 's'} ${what}.${more ? ' More may match: run it again.' : ''}`,
          );
        },
        onError: (e) => showFlash('danger', e.message),
      },
    );
  };

  if (!props.shown) return null;
  return (
    <div className="toolbar" role="toolbar" aria-label="Every result">
      <span className="toolbar-count">All results:</span>
      <div className="toolbar-actions">
        <button type="button" className="btn btn-sm" disabled={bulk.isPending} onClick={() => act('read')}>
          <MailOpenIcon size={16} />
          <span className="label-collapse">Mark read</span>
        </button>
        <button type="button" className="btn btn-sm" disabled={bulk.isPending} onClick={() => act('unread')}>
          <MailIcon size={16} />
          <span className="label-collapse">Mark unread</span>
        </button>
        <button type="button" className="btn btn-sm btn-danger" disabled={bulk.isPending} onClick={() => act('trash')}>
          <TrashIcon size={16} />
          <span className="label-collapse">Trash</span>
        </button>
        <button type="button" className="btn btn-sm btn-danger" disabled={bulk.isPending} onClick={() => act('block')}>
          <CloseIcon size={16} />
          <span className="label-collapse">Block senders</span>
        </button>
      </div>
    </div>
  );
}

function ResultRow({ message: m, alias }: { message: MessageSummary; alias: Alias | undefined }) {
  return (
    <li className={`message-row${m.opened ? '' : ' is-unread'}`} data-message-id={m.id}>
      <MessageSummaryLink
        message={m}
        href={to('messageDisplay', { aliasId: m.alias_id, messageId: m.id })}
        below={<span className="search-alias muted small">{alias ? alias.address : `alias ${m.alias_id}`}</span>}
      />
    </li>
  );
}
