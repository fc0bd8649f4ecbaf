import { useEffect, useRef, useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useNavigate } from '../../router/data-router';
import {
  ALIAS_HANDLE_PATTERN,
  ALIAS_LABEL_MAX,
  COPY_RESET_MS,
  RULE_MESSAGES,
  addressInvalidFlash,
  type Alias,
} from '@app/shared';
import { apiUrl } from '../../api/client';
import { copyText } from '../../lib/clipboard';
import { useUser } from '../auth/use-user';
import { showFlash } from '../../lib/flash-store';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { FormActions } from '../../components/form-actions';
import { IconPicker } from './alias-icon';
import { useImportMbox } from './mailbox-mutations';
import { useUpdateAlias } from './manage-mutations';
import { aliasQuery } from './queries';
import { useAliasRights } from './use-package';
import { DigestSection, LifespanSection, NotifySection, SpamModeSection } from './alias-delivery-settings';
import { Section, type Save } from './settings-section';
import './aliases.css';
import { askConfirm } from '../../components/confirm-dialog';

/** /alias/{aliasId}/settings and /alias/{handle}/settings (docs/product.md §2 "Alias settings", §4). */
export default function AliasSettingsPage() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const { data: alias } = useSuspenseQuery(aliasQuery(user.id, aliasId));
  const rights = useAliasRights(user);
  const update = useUpdateAlias(user.id, alias.id);
  // docs/product.md §4: sections are editable only when the alias is active and not trashed.
  const editable = alias.is_active && !alias.is_trashed;
  const save = (changes: Parameters<typeof update.mutateAsync>[0]) => update.mutateAsync(changes);

  return (
    <section className="alias-settings" aria-label="Settings">
      {!editable && (
        <p className="notice notice-warning" role="status">
          {alias.is_trashed ? 'This alias is in the trash: it receives no mail.' : 'This alias is inactive: it receives no mail.'}{' '}
          Its settings can be changed again once it is {alias.is_trashed ? 'restored' : 'activated'}.
        </p>
      )}
      <AddressSection
        alias={alias}
        editable={editable && rights.customizeAddress}
        canCustomize={rights.customizeAddress}
        save={save}
      />
      <LabelSection alias={alias} editable={editable} save={save} />
      <Section title="Icon">
        <IconPicker
          value={alias.icon}
          disabled={!editable || update.isPending}
          onChange={(icon) => void save({ icon }).catch(() => undefined)}
        />
      </Section>
      <DigestSection alias={alias} editable={editable} digestMax={rights.digestMax} save={save} />
      <NotifySection alias={alias} editable={editable} save={save} />
      <SpamModeSection userId={user.id} alias={alias} editable={editable} save={save} />
      <LifespanSection alias={alias} editable={editable} storageDays={rights.storageDays} save={save} />
      <MailboxSection userId={user.id} alias={alias} />
      <ActionsSection alias={alias} busy={update.isPending} save={save} />
    </section>
  );
}

/** docs/product.md §2: a link showing the address that reads 'copy', then 'copied!', reset 1.2 s after the mouse leaves. */
export function CopyLink({ address }: { address: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    clearTimeout(timer.current);
    await copyText(address);
    setCopied(true);
  };
  return (
    <button
      type="button"
      className="link-btn copy-link"
      onClick={() => void copy()}
      onMouseLeave={() => {
        if (!copied) return;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPY_RESET_MS);
      }}
      data-testid="copy-address"
    >
      <span className="mono">{address}</span> <span className="copy-state">{copied ? 'copied!' : 'copy'}</span>
    </button>
  );
}

function AddressSection({
  alias,
  editable,
  canCustomize,
  save,
}: {
  alias: Alias;
  editable: boolean;
  canCustomize: boolean;
  save: Save;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(alias.handle);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const domain = alias.address.slice(alias.address.lastIndexOf('@') + 1);
  const value = draft.trim().toLowerCase();
  const changed = value !== '' && value !== alias.handle;

  const submit = async () => {
    // docs/product.md §5: an invalid handle gives the danger flash and nothing is saved (the server agrees).
    if (!ALIAS_HANDLE_PATTERN.test(value)) {
      // Beside the field as well as in the flash.
      setError(addressInvalidFlash(RULE_MESSAGES.aliasHandle));
      showFlash('danger', addressInvalidFlash(RULE_MESSAGES.aliasHandle));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const updated = await save({ handle: value });
      setEditing(false);
      // docs/product.md §4: on success the view goes to the settings of the new handle.
      navigate(`/alias/${encodeURIComponent(updated.handle)}/settings`);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Email Address" id="address">
      {!editing ? (
        <div className="settings-row">
          <CopyLink address={alias.address} />
          {canCustomize ? (
            <button
              type="button"
              className="btn btn-sm"
              disabled={!editable}
              onClick={() => {
                setDraft(alias.handle);
                setEditing(true);
              }}
            >
              Change
            </button>
          ) : (
            <span className="muted small">Custom addresses come with an upgraded subscription.</span>
          )}
        </div>
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (changed && !busy) void submit();
          }}
        >
          <div className="field">
            <label htmlFor="alias-handle">New address</label>
            <div className="address-input">
              <input
                id="alias-handle"
                value={draft}
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                {...fieldErrorProps('alias-handle-error', error)}
                onChange={(e) => setDraft(e.target.value)}
              />
              <span className="mono muted">@{domain}</span>
            </div>
            <FieldError id="alias-handle-error" message={error} />
          </div>
          <p className="notice notice-warning">
            Changing the address is permanent: {alias.address} stops receiving mail at once, and nobody can write to it any more.
          </p>
          <FormActions busyLabel="Saving…" busy={busy} disabled={!changed} onCancel={() => setEditing(false)} />
        </form>
      )}
    </Section>
  );
}

function LabelSection({ alias, editable, save }: { alias: Alias; editable: boolean; save: Save }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(alias.label ?? '');
  const value = draft.trim();
  const changed = value !== '' && value !== (alias.label ?? '');
  return (
    <Section title="Label">
      {!editing ? (
        <div className="settings-row">
          <span>{alias.label || <span className="muted">No label</span>}</span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={!editable}
            onClick={() => {
              setDraft(alias.label ?? '');
              setEditing(true);
            }}
          >
            Edit
          </button>
        </div>
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (changed)
              void save({ label: value }).then(
                () => setEditing(false),
                () => undefined,
              );
          }}
        >
          <div className="field">
            <label htmlFor="alias-label">Label</label>
            <input id="alias-label" value={draft} maxLength={ALIAS_LABEL_MAX} onChange={(e) => setDraft(e.target.value)} />
          </div>
          <FormActions disabled={!changed} onCancel={() => setEditing(false)} />
        </form>
      )}
    </Section>
  );
}

function ActionsSection({ alias, busy, save }: { alias: Alias; busy: boolean; save: Save }) {
  const run = (changes: Parameters<Save>[0]) => void save(changes).catch(() => undefined);
  return (
    <Section title="Actions">
      <div className="actions">
        {alias.is_active ? (
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={async () => {
              // docs/product.md §4: deactivating asks for confirmation; activating does not.
              const yes = await askConfirm({
                title: 'Deactivate this alias?',
                body: 'It refuses mail until you activate it again. Its messages stay.',
                action: 'Deactivate',
              });
              if (yes) run({ is_active: 0 });
            }}
          >
            Deactivate Alias
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => run({ is_active: 1 })}>
            Activate Alias
          </button>
        )}
        {alias.is_trashed ? (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => run({ is_trashed: 0 })}>
            Restore Alias
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={async () => {
              const yes = await askConfirm({
                title: 'Move this alias to the trash?',
                body: 'It refuses mail at once and leaves your list of aliases; you can restore it from the trashed aliases.',
                action: 'Trash alias',
                danger: true,
              });
              if (yes) run({ is_trashed: 1 });
            }}
          >
            Trash Alias
          </button>
        )}
      </div>
    </Section>
  );
}

/** docs/product.md §2 "Alias settings", §7 "Export and import": the alias's mail as an .mbox file, and an .mbox file imported into it. */
function MailboxSection({ userId, alias }: { userId: number; alias: Alias }) {
  const importMbox = useImportMbox(userId, alias.id);
  const busy = importMbox.isPending;
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<string | null>(null);
  const params = { id: userId, aliasId: alias.id };

  const importFile = async (file: File) => {
    setResult(`Importing ${file.name}…`);
    try {
      const r = await importMbox.mutateAsync(file);
      const unreadable = r.errors.length
        ? `, ${r.errors.length} could not be read (${r.errors.map((e) => `#${e.index + 1}: ${e.reason}`).join('; ')})`
        : '';
      setResult(`Imported ${r.imported} message(s); ${r.skipped} already here${unreadable}.`);
    } catch {
      // The client has shown the server's message.
      setResult(null);
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Section title="Export and import" id="mailbox">
      <div className="actions">
        <a className="btn" href={apiUrl('GET /api/account/:id/alias/:aliasId/export.mbox', { params })} download>
          Export mail (.mbox)
        </a>
        <label className={`btn${busy ? ' disabled' : ''}`}>
          Import .mbox
          <input
            ref={input}
            type="file"
            accept=".mbox,application/mbox,text/plain"
            hidden
            disabled={busy}
            data-testid="import-mbox"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) void importFile(file);
            }}
          />
        </label>
      </div>
      {result && (
        <p className="muted small" role="status" data-testid="import-result">
          {result}
        </p>
      )}
    </Section>
  );
}
