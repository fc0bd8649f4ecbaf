// The alias inbox's notices (docs/product.md §3 Alias): a possible leak with its one-click answers,
// and an expired alias with "Extend".
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
        <div className="notice notice-warning alias-notice" role="alert" data-testid="leak-banner">
          <p>
            This address may have leaked to {leak.domain}
            {origin ? ` (it was given to ${origin})` : ''}.
          </p>
          <div className="alias-notice-actions">
            {origin && (
              <button type="button" className="btn btn-sm btn-primary" disabled={busy} onClick={restrict}>
                Restrict to {origin}
              </button>
            )}
            <button
              type="button"
              className="btn btn-sm btn-danger"
              disabled={busy || !alias.is_active}
              onClick={() => update.mutate({ is_active: 0 })}
            >
              Deactivate
            </button>
            <button type="button" className="btn btn-sm" disabled={busy} onClick={() => update.mutate({ leak: null })}>
              Dismiss
            </button>
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
