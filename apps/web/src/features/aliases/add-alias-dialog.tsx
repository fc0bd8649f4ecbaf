import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { ALIAS_LABEL_MAX, classifySender, type AliasCreateBody, type User } from '@app/shared';
import { useNavigate } from '../../router/data-router';
import { to } from '../../router/paths';
import { useCreateAlias } from './mutations';
import { announceNewAlias } from './new-alias-flash';
import './add-alias-dialog.css';

/**
 * "Add Alias" (docs/product.md §2 "Sidebar"): a random address by default, named for the site or
 * purpose it is for, and the way to the custom-address form. Nothing is spent until Create.
 */
export default function AddAliasDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const titleId = useId();
  const create = useCreateAlias(user.id);
  const navigate = useNavigate();
  const [what, setWhat] = useState('');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const submit = () => {
    const value = what.trim();
    // A domain or an address names the site (the alias's origin, shown under its name); any other text names the alias.
    const body: AliasCreateBody | undefined = !value
      ? undefined
      : 'error' in classifySender(value)
        ? { label: value }
        : { origin: value };
    create.mutate(body, {
      onSuccess: (alias) => {
        onClose();
        announceNewAlias(alias.address);
        navigate(to('aliasInbox', { aliasId: alias.id }));
      },
    });
  };

  // On the body: the sidebar that opens it is off-screen on a phone.
  return createPortal(
    <div className="dialog-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <form
        className="card add-alias-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onSubmit={(e) => {
          e.preventDefault();
          if (!create.isPending) submit();
        }}
      >
        <h2 id={titleId}>New alias</h2>
        <p className="muted small">A random address on the shared domain, with its own inbox.</p>
        <div className="field">
          <label htmlFor="add-alias-what">For which site? (optional)</label>
          <input
            id="add-alias-what"
            value={what}
            maxLength={ALIAS_LABEL_MAX}
            placeholder="shop.example or Newsletters"
            autoComplete="off"
            autoFocus
            onChange={(e) => setWhat(e.target.value)}
          />
          <span className="muted small">A site becomes the alias’s site; any other words its name.</span>
        </div>
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create alias'}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <Link to={to('aliasNew')} className="add-alias-custom" onClick={onClose}>
            Choose the address…
          </Link>
        </div>
      </form>
    </div>,
    document.body,
  );
}
