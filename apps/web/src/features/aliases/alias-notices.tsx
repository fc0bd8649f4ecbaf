// The alias inbox's notices (docs/product.md §3 Alias): a possible leak as one quiet line with its
// answers (restrict, this organisation is fine, shared with several senders, deactivate), and an
// expired alias with "Extend".
import { ALIAS_EXTEND_DAYS, type Alias } from '@app/shared';
import { useUpdateAlias } from './manage-mutations';
import './alias-notices.css';

const DAY_MS = 24 * 60 * 60_000;

export default function AliasNotices({ userId, alias }: { userId: number; alias: Alias }) {
  const update = useUpdateAlias(userId, alias.id);
  const busy = update.isPending;
  const { leak, origin } = alias;
  const restrict = () => {
    const senders = alias.senders.map((s) => s.address);
    const pattern = `*.${origin}`;
    update.mutate({ is_whitelisted: 1, senders: senders.includes(pattern) ? senders : [...senders, pattern], leak: null });
  };
  const extend = () => {
    const dateExpired = alias.expires !== null && Date.parse(alias.expires) <= Date.now();
    update.mutate({
      ...(dateExpired ? { expires: new Date(Date.now() + ALIAS_EXTEND_DAYS * DAY_MS).toISOString() } : {}),
      ...(alias.max_messages !== null ? { max_messages: null } : {}),
    });
  };
  return (
    <>
      {leak && (
        // One quiet line: a family or chat address writes to many people, so this is a question, not an alarm.
        <div className="notice notice-warning alias-notice-line" role="status" data-testid="leak-banner">
          <p>
            Mail from <strong>{leak.domain}</strong>
            {origin ? `, but this address was given to ${origin}.` : '.'}
          </p>
          <div className="alias-notice-actions">
            {origin && (
              <button type="button" className="btn btn-sm" disabled={busy} onClick={restrict}>
                Restrict to {origin}
              </button>
            )}
            <button
              type="button"
              className="btn btn-sm"
              disabled={busy}
              onClick={() => update.mutate({ leak_ignore: leak.domain })}
            >
              This is fine
              <span className="visually-hidden"> (don’t warn for {leak.domain})</span>
            </button>
            <details className="notice-menu">
              <summary className="btn btn-sm btn-ghost" aria-label="More answers">
                ⋯
              </summary>
              <div className="notice-menu-items">
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  disabled={busy}
                  onClick={() => update.mutate({ shared_senders: true })}
                >
                  Shared with several senders: never warn
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-ghost btn-danger-text"
                  disabled={busy || !alias.is_active}
                  onClick={() => update.mutate({ is_active: 0 })}
                >
                  Deactivate the alias
                </button>
              </div>
            </details>
          </div>
        </div>
      )}
      {alias.expired && (
        <div className="notice notice-info alias-notice" role="status" data-testid="expired-banner">
          <p>This alias has expired: new mail to it is refused.</p>
          <div className="alias-notice-actions">
            <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={extend}>
              Extend
            </button>
          </div>
        </div>
      )}
    </>
  );
}
