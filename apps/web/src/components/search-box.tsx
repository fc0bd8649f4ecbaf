import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useNavigate } from '../router/data-router';
import { SEARCH_OPERATOR_HELP, SEARCH_QUERY_MAX } from '@app/shared';
import { isTyping } from '../lib/keyboard';
import { ROUTE_PATHS } from '../router/paths';
import './search-box.css';

/**
 * The search box (docs/product.md §2 "Search"): all aliases, or one when `aliasId` is given.
 * With `shortcut`, the `/` key focuses it unless a field has the focus already. With `help`, "?"
 * beside it lists the operators the query takes.
 */
export function SearchBox({ aliasId, shortcut = false, help = false }: { aliasId?: number; shortcut?: boolean; help?: boolean }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const input = useRef<HTMLInputElement>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();
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
    <>
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
        {help && (
          <button
            type="button"
            className="search-help-toggle"
            aria-label="Search operators"
            title="Search operators"
            aria-expanded={helpOpen}
            aria-controls={helpId}
            onClick={() => setHelpOpen((o) => !o)}
          >
            ?
          </button>
        )}
      </form>
      {help && helpOpen && (
        <div id={helpId} className="search-help-panel">
          <p className="small">Combine words and operators; every one must match.</p>
          <dl>
            {SEARCH_OPERATOR_HELP.map((h) => (
              <div key={h.example}>
                <dt>
                  <code>{h.example}</code>
                </dt>
                <dd>{h.meaning}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </>
  );
}
