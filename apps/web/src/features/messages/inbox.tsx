import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useNavigate } from '../../router/data-router';
import { EMPTY, type Alias, type ConversationSummary, type MessageSummary } from '@app/shared';
import { aliasesQuery, aliasQuery } from '../aliases/queries';
import { useShredGrace } from '../aliases/effective-package';
import { useUser } from '../auth/use-user';
import { to } from '../../router/paths';
import { MailIcon, MailOpenIcon, TrashIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { allMailQuery, messagesQuery } from './queries';
import { confirmTrash, useMarkMessages, useTrashMessages, wholeConversations, type Selection } from './mutations';
import { selectionState, toggle } from './selection';
import { MessageSummaryLink } from './message-summary-link';
import { VerificationActions } from './verification-actions';
import { useTitle } from '../../lib/title';
import { isTyping } from '../../lib/keyboard';
import { SearchBox } from '../../components/search-box';
import './inbox.css';

// Loaded on the first use of a row menu: the inbox's own code stays within its budget (docs/architecture.md §7).
const MessageActionsDialog = lazy(() => import('./unsubscribe-dialog').then((m) => ({ default: m.MessageActionsDialog })));

/**
 * docs/product.md §2 "Alias inbox": list, NEW badges, selection, bulk mark read/unread/trash, more pages.
 * With `allMail`, the same list over every active alias (docs/product.md §3 "All mail"): a row per
 * conversation with its alias's chip, trashed as a whole; the actions that name one alias (select
 * all of it, mark all read) are left out.
 */
export default function Inbox({ allMail = false }: { allMail?: boolean }) {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const query = useSuspenseInfiniteQuery(allMail ? allMailQuery(user.id) : messagesQuery(user.id, aliasId));
  const { data: alias } = useQuery({ ...aliasQuery(user.id, aliasId), enabled: !allMail });
  const { data: aliases } = useQuery({ ...aliasesQuery(user.id), enabled: allMail });
  const aliasOf = (m: MessageSummary) => (allMail ? aliases?.find((a) => a.id === m.alias_id) : alias);
  useTitle(allMail ? 'All mail' : alias ? `Inbox · ${alias.label || alias.handle}` : 'Inbox');
  const messages = query.data.pages.flatMap((p) => p.messages);
  const sel = useInboxSelection(
    messages.map((m) => m.id),
    aliasId,
  );
  const actions = useInboxActions(allMail, aliasId, messages, sel.clear);
  const [cursor, setCursor] = useState(-1);
  useEffect(() => setCursor(-1), [aliasId]);
  useInboxKeys(messages, cursor, setCursor, sel, actions);
  // The row menu's unsubscribe / block dialog, for one message.
  const [acting, setActing] = useState<{ message: MessageSummary; mode: 'unsubscribe' | 'block' } | null>(null);
  const total = alias?.total_count ?? messages.length;

  return (
    <section className="inbox" aria-label="Messages">
      <InboxToolbar
        allMail={allMail}
        aliasId={aliasId}
        sel={sel}
        actions={actions}
        count={sel.wholeAlias ? total : sel.ids.length}
        canMarkAll={Boolean(alias?.unread_count)}
        empty={messages.length === 0}
      />
      {!allMail && sel.all && query.hasNextPage && <SelectWholeNotice sel={sel} loaded={messages.length} total={total} />}
      {messages.length === 0 ? (
        <div className="empty-state">
          <MailIcon size={32} />
          <p>{EMPTY.noMessages}</p>
        </div>
      ) : (
        <ul className="message-list">
          {messages.map((m, i) => (
            <MessageRow
              key={m.id}
              message={m}
              alias={allMail ? (aliasOf(m) ?? null) : undefined}
              href={to('messageDisplay', { aliasId: m.alias_id, messageId: m.id })}
              checked={sel.wholeAlias || sel.selected.has(m.id)}
              current={i === cursor}
              onToggle={() => sel.toggleOne(m.id)}
              onAction={aliasOf(m) && m.direction === 'in' ? (mode) => setActing({ message: m, mode }) : undefined}
            />
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
      {acting && aliasOf(acting.message) && (
        <Suspense fallback={null}>
          <MessageActionsDialog
            userId={user.id}
            alias={aliasOf(acting.message) as Alias}
            message={acting.message}
            mode={acting.mode}
            onClose={() => setActing(null)}
          />
        </Suspense>
      )}
      <p className="muted small shortcut-hint">
        Keys: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>o</kbd> open, <kbd>x</kbd> select, <kbd>#</kbd> trash, <kbd>u</kbd> mark
        unread, <kbd>/</kbd> search, <kbd>c</kbd> copy the address, <kbd>?</kbd> every key.
      </p>
    </section>
  );
}

/** The selected rows, or "the whole alias" (the bulk actions then cover the messages not loaded yet too). */
function useInboxSelection(loaded: number[], aliasId: number) {
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [wholeAlias, setWholeAlias] = useState(false);
  const clear = () => {
    setSelected(new Set());
    setWholeAlias(false);
  };
  // A new alias starts with nothing selected.
  useEffect(clear, [aliasId]);
  const { ids, all, some } = selectionState(selected, loaded);
  return {
    selected,
    wholeAlias,
    ids,
    all,
    some,
    clear,
    selectLoaded: () => setSelected(new Set(loaded)),
    selectWholeAlias: () => setWholeAlias(true),
    toggleOne: (id: number) => {
      setWholeAlias(false);
      setSelected((s) => toggle(s, id));
    },
    /** What a bulk action covers: the selection, else the row `current` (the keys' cursor). */
    target: (current?: number): Selection => (wholeAlias ? 'all' : ids.length || current === undefined ? ids : [current]),
  };
}
type InboxSelection = ReturnType<typeof useInboxSelection>;

/** Mark and trash, each message in its own alias in All mail, where a row's whole conversation is trashed. */
function useInboxActions(allMail: boolean, aliasId: number, messages: MessageSummary[], done: () => void) {
  const user = useUser();
  const shredAfter = useShredGrace(user);
  const scope = allMail ? new Map(messages.map((m) => [m.id, m.alias_id])) : aliasId;
  const mark = useMarkMessages(user.id, scope);
  const conversations = (ids: number[]) =>
    wholeConversations(
      user.id,
      messages.filter((m) => ids.includes(m.id)),
    );
  const trash = useTrashMessages(user.id, scope, shredAfter, allMail ? conversations : undefined);
  return {
    busy: mark.isPending || trash.isPending,
    mark: (ids: Selection, type: 'read' | 'unread') => {
      if (ids === 'all' || ids.length) mark.mutate({ ids, type }, { onSuccess: done });
    },
    trash: async (ids: Selection) => {
      if ((ids === 'all' || ids.length) && (await confirmTrash(ids, shredAfter))) trash.mutate(ids, { onSuccess: done });
    },
  };
}
type InboxActions = ReturnType<typeof useInboxActions>;

/** Keyboard: j / k move, o or Enter opens, x selects, # trashes, u marks unread. */
function useInboxKeys(
  messages: MessageSummary[],
  cursor: number,
  setCursor: (i: number) => void,
  sel: InboxSelection,
  actions: InboxActions,
) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      const current = messages[cursor];
      if (e.key === 'j' || e.key === 'k') {
        const next = Math.min(messages.length - 1, Math.max(0, cursor + (e.key === 'j' ? 1 : -1)));
        setCursor(next);
        document.querySelector<HTMLElement>(`[data-message-id="${messages[next]?.id}"] .message-link`)?.focus();
      } else if (e.key === 'o' && current) {
        void navigate(to('messageDisplay', { aliasId: current.alias_id, messageId: current.id }));
      } else if (e.key === 'x' && current) {
        sel.toggleOne(current.id);
      } else if (e.key === '#' && !actions.busy) {
        void actions.trash(sel.target(current?.id));
      } else if (e.key === 'u' && !actions.busy) {
        actions.mark(sel.target(current?.id), 'unread');
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}

function InboxToolbar({
  allMail,
  aliasId,
  sel,
  actions,
  count,
  canMarkAll,
  empty,
}: {
  allMail: boolean;
  aliasId: number;
  sel: InboxSelection;
  actions: InboxActions;
  count: number;
  canMarkAll: boolean;
  empty: boolean;
}) {
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = sel.some;
  }, [sel.some]);
  const { busy } = actions;
  const target = sel.target();
  return (
    <div className="toolbar" role="toolbar" aria-label="Selected messages">
      <label className="check select-all">
        <input
          ref={selectAll}
          type="checkbox"
          checked={sel.all}
          disabled={empty}
          onChange={() => (sel.all ? sel.clear() : sel.selectLoaded())}
        />
        <span className="visually-hidden">Select all messages</span>
      </label>
      <span className="toolbar-count" aria-live="polite">
        {count > 0 ? `${count} selected` : ''}
      </span>
      <div className="toolbar-actions">
        <button type="button" className="btn btn-sm" disabled={count === 0 || busy} onClick={() => actions.mark(target, 'read')}>
          <MailOpenIcon size={16} />
          <span className="label-collapse">Mark read</span>
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={count === 0 || busy}
          onClick={() => actions.mark(target, 'unread')}
        >
          <MailIcon size={16} />
          <span className="label-collapse">Mark unread</span>
        </button>
        <button
          type="button"
          className="btn btn-sm btn-danger"
          disabled={count === 0 || busy}
          onClick={() => void actions.trash(target)}
        >
          <TrashIcon size={16} />
          <span className="label-collapse">Trash</span>
        </button>
        {!allMail && (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            disabled={!canMarkAll || busy}
            onClick={() => actions.mark('all', 'read')}
          >
            Mark all read
          </button>
        )}
      </div>
      <SearchBox aliasId={allMail ? undefined : aliasId} />
    </div>
  );
}

/** Once every loaded row is selected and more pages remain: "Select all N in this alias". */
function SelectWholeNotice({ sel, loaded, total }: { sel: InboxSelection; loaded: number; total: number }) {
  return (
    <p className="notice notice-info select-whole" role="status">
      {sel.wholeAlias ? (
        <>
          All {total} messages in this alias are selected.{' '}
          <button type="button" className="link-btn" onClick={sel.clear}>
            Clear selection
          </button>
        </>
      ) : (
        <>
          The {loaded} loaded messages are selected.{' '}
          <button type="button" className="link-btn" onClick={sel.selectWholeAlias}>
            Select all {total} in this alias
          </button>
        </>
      )}
    </p>
  );
}

function MessageRow({
  message: m,
  alias,
  href,
  checked,
  current,
  onToggle,
  onAction,
}: {
  message: MessageSummary | ConversationSummary;
  /** In All mail, the row's alias for its chip (null while the list of aliases loads). */
  alias?: Alias | null;
  href: string;
  checked: boolean;
  current: boolean;
  onToggle: () => void;
  onAction?: (mode: 'unsubscribe' | 'block') => void;
}) {
  const subject = m.subject || '(no subject)';
  return (
    <li
      className={`message-row${m.opened ? '' : ' is-unread'}${checked ? ' is-selected' : ''}${current ? ' is-current' : ''}`}
      data-message-id={m.id}
    >
      <label className="check">
        <input type="checkbox" checked={checked} onChange={onToggle} />
        <span className="visually-hidden">Select message: {subject}</span>
      </label>
      <MessageSummaryLink
        message={m}
        href={href}
        below={
          alias !== undefined && (
            <span className="row-tags">
              <span className="alias-chip" title={alias?.address}>
                {alias ? alias.label || alias.handle : '…'}
              </span>
              {'thread_count' in m && m.thread_count > 1 && (
                <span className="badge thread-count" title={`The newest of ${m.thread_count} messages in this conversation`}>
                  1 of {m.thread_count}
                </span>
              )}
            </span>
          )
        }
      />
      <VerificationActions verification={m.verification} subject={subject} />
      {onAction && <RowMenu message={m} subject={subject} onAction={onAction} />}
    </li>
  );
}

/** The row's menu: Unsubscribe (when the message offers it) and Block sender. */
function RowMenu({
  message: m,
  subject,
  onAction,
}: {
  message: MessageSummary;
  subject: string;
  onAction: (mode: 'unsubscribe' | 'block') => void;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const pick = (mode: 'unsubscribe' | 'block') => {
    ref.current?.removeAttribute('open');
    onAction(mode);
  };
  return (
    <details className="row-menu" ref={ref}>
      <summary className="btn btn-sm btn-ghost" aria-label={`More actions: ${subject}`}>
        <span aria-hidden="true">⋯</span>
      </summary>
      <div className="row-menu-items card">
        {m.unsubscribe.length > 0 && (
          <button type="button" className="link-btn" onClick={() => pick('unsubscribe')}>
            Unsubscribe
          </button>
        )}
        <button type="button" className="link-btn" onClick={() => pick('block')}>
          Block sender…
        </button>
      </div>
    </details>
  );
}
