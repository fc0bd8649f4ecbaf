import { useQuery, useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Alias, MessageSummary } from '@app/shared';
import { aliasesQuery } from '../aliases/queries';
import { useUser } from '../auth/use-user';
import { useTitle } from '../../lib/title';
import { to } from '../../router/paths';
import { Spinner } from '../../components/spinner';
import { MessageSummaryLink } from '../messages/message-summary-link';
import { searchQuery } from './queries';
import './search-page.css';

/** docs/product.md §2 "Search": the matching messages, each with its alias, linking to the message. */
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

  return (
    <section className="search-results" aria-label="Search results">
      <h1 className="page-title">
        Search{scopeAlias ? ` in ${scopeAlias.address}` : ''}: “{q}”
      </h1>
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
      {results.hasNextPage && (
        <div className="load-more">
          <button
            type="button"
            className="btn"
            disabled={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
          >
            {results.isFetchingNextPage ? <Spinner label="Loading more results…" /> : 'Load more'}
          </button>
        </div>
      )}
    </section>
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
