import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PASSKEY_NAME_MAX, PASSKEYS_MAX, type Passkey } from '@app/shared';
import { friendlyDate } from '../../lib/dates';
import { addPasskey } from '../auth/passkey-mutations';
import { useRemovePasskey, useRenamePasskey } from './mutations';
import { passkeysQuery, passkeyKeys } from './queries';
import { askConfirm } from '../../components/confirm-dialog';
import { FormActions } from '../../components/form-actions';

/**
 * The Profile's "Passkeys" (docs/product.md §2): add one under a name (the browser asks the
 * authenticator), rename, remove. Each change answers with the fresh row; the list is then refetched.
 */
export function PasskeysSection({ userId }: { userId: number }) {
  const id = useId();
  const qc = useQueryClient();
  const passkeys = useQuery(passkeysQuery(userId));
  const [name, setName] = useState('');
  const refresh = () => qc.invalidateQueries({ queryKey: passkeyKeys.all(userId) });
  const add = useMutation({
    mutationFn: (n: string) => addPasskey(userId, n),
    onSuccess: () => {
      setName('');
      return refresh();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) add.mutate(name.trim());
  };
  const list = passkeys.data ?? [];

  return (
    <section className="card profile-section" aria-labelledby={id}>
      <div className="profile-head">
        <h2 id={id}>Passkeys</h2>
      </div>
      <p className="muted small">Sign in with your device's screen lock or a security key instead of your password.</p>
      {list.length > 0 && (
        <ul className="passkey-list" aria-label="Your passkeys">
          {list.map((p) => (
            <PasskeyItem key={p.id} userId={userId} passkey={p} />
          ))}
        </ul>
      )}
      {list.length < PASSKEYS_MAX && (
        <form className="form profile-form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-name`}>Name of the new passkey</label>
            <div className="field-row">
              <input
                id={`${id}-name`}
                maxLength={PASSKEY_NAME_MAX}
                placeholder="e.g. Laptop"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <button type="submit" className="btn btn-primary" disabled={!name.trim() || add.isPending}>
                {add.isPending ? 'Waiting for the passkey…' : 'Add a passkey'}
              </button>
            </div>
          </div>
        </form>
      )}
    </section>
  );
}

function PasskeyItem({ userId, passkey }: { userId: number; passkey: Passkey }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const rename = useRenamePasskey(userId, passkey.id);
  const remove = useRemovePasskey(userId, passkey.id);
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) rename.mutate(name.trim(), { onSuccess: () => setEditing(false) });
  };

  if (editing) {
    return (
      <li className="passkey-item">
        <form className="field-row" onSubmit={save}>
          <input
            aria-label="Passkey name"
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
          <FormActions small busy={rename.isPending} disabled={!name.trim()} onCancel={() => setEditing(false)} />
        </form>
      </li>
    );
  }
  return (
    <li className="passkey-item">
      <div>
        <strong>{passkey.name}</strong>
        <div className="muted small">
          Added {friendlyDate(passkey.created)} ·{' '}
          {passkey.last_used ? `last used ${friendlyDate(passkey.last_used)}` : 'not used yet'}
        </div>
      </div>
      <div className="actions">
        <button type="button" className="btn btn-sm" onClick={() => setEditing(true)} aria-label={`Rename ${passkey.name}`}>
          Rename
        </button>
        <button
          type="button"
          className="btn btn-danger btn-sm"
          aria-label={`Remove ${passkey.name}`}
          disabled={remove.isPending}
          onClick={async () => {
            const yes = await askConfirm({
              title: `Remove the passkey ${passkey.name}?`,
              body: 'It can no longer sign you in or confirm it’s you.',
              action: 'Remove passkey',
              danger: true,
            });
            if (yes) remove.mutate();
          }}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
