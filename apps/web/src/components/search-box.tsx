import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useNavigate } from '../router/data-router';
import { SEARCH_QUERY_MAX } from '@app/shared';
import { isTyping } from '../lib/keyboard';
import { ROUTE_PATHS } from '../router/paths';
import './search-box.css';

/**
 * The search box (docs/product.md §2 "Search"): all aliases, or one when `aliasId` is given.
 * With `shortcut`, the `/` key focuses it unless a field has the focus already.
 */
export function SearchBox({ aliasId, shortcut = false }: { aliasId?: number; shortcut?: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const input = useRef<HTMLInputElement>(null);
  const scope = params.get('alias');
  // On the results screen the box of the same scope shows the words searched.
  const current = scope === (aliasId === undefined ? null : String(aliasId)) ? (params.get('q') ?? '') : '';

  useEffect(() => {
    if (!shortcut) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      e.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcut]);

  return (
    <form
      role="search"
      className="search-box"
      onSubmit={(e) => {
        e.preventDefault();
        const q = input.current?.value.trim() ?? '';
        if (!q) return;
        const next = new URLSearchParams({ q });
        if (aliasId !== undefined) next.set('alias', String(aliasId));
        void navigate(`${ROUTE_PATHS.search}?${next.toString()}`);
      }}
    >
      <input
        ref={input}
        key={current}
        type="search"
        name="q"
        defaultValue={current}
        maxLength={SEARCH_QUERY_MAX}
        placeholder={aliasId === undefined ? 'Search all aliases' : 'Search this alias'}
        aria-label={aliasId === undefined ? 'Search all aliases' : 'Search this alias'}
        aria-keyshortcuts={shortcut ? '/' : undefined}
      />
    </form>
  );
}
