import { useState } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { EMPTY, FLASH, classifySender, type Alias, type Source } from '@app/shared';
import { useUser } from '../auth/use-user';
import { showFlash } from '../../lib/flash-store';
import { initQuery } from '../init/queries';
import { useUpdateAlias } from './manage-mutations';
import { aliasQuery } from './queries';
import './aliases.css';
import { askConfirm } from '../../components/confirm-dialog';

/** /alias/{aliasId}/restrict (docs/product.md §2 "Alias restrictions", §4 "Whitelist", §5 sender rules). */
export default function AliasRestrictPage() {
  const user = useUser();
  const aliasId = Number(useParams().aliasId);
  const { data: alias } = useSuspenseQuery(aliasQuery(user.id, aliasId));
  const update = useUpdateAlias(user.id, alias.id);
  const editable = alias.is_active && !alias.is_trashed;
  const disabled = !editable || update.isPending;
  const save = (changes: Parameters<typeof update.mutate>[0]) => update.mutate(changes);
  const patterns = alias.senders.map((s) => s.address);
  const disconnected = patterns.length === 0 && alias.source_id === null;

  const setWhitelisted = async (on: boolean) => {
    if (on === alias.is_whitelisted) return;
    // docs/product.md §4: each change needs a confirmation and sends is_whitelisted 1 or 0.
    const yes = await askConfirm(
      on
        ? {
            title: 'Accept only the senders you choose?',
            body: 'Mail from everyone else is refused from now on.',
            action: 'Restrict',
          }
        : {
            title: 'Accept mail from everyone again?',
            body: 'Any sender can reach this alias again.',
            action: 'Accept everyone',
          },
    );
    if (yes) save({ is_whitelisted: on ? 1 : 0 });
  };

  return (
    <section className="alias-restrict" aria-label="Restrictions">
      {!editable && (
        <p className="notice notice-warning">Restrictions can be changed while the alias is active and not in the trash.</p>
      )}
      <section className="card settings-section" aria-labelledby="restrict-mode">
        <h2 id="restrict-mode" className="settings-title">
          Who may send to {alias.address}
        </h2>
        <div className="choice-list" role="radiogroup" aria-labelledby="restrict-mode">
          <label className={`choice${!alias.is_whitelisted ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name="whitelist"
              checked={!alias.is_whitelisted}
              disabled={disabled}
              onChange={() => setWhitelisted(false)}
            />
            <span>
              <span className="choice-title">No Restrictions</span>
              <span className="field-hint"> Anyone can write to this alias.</span>
            </span>
          </label>
          <label className={`choice${alias.is_whitelisted ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name="whitelist"
              checked={alias.is_whitelisted}
              disabled={disabled}
              onChange={() => setWhitelisted(true)}
            />
            <span>
              <span className="choice-title">Only Accept Mail From Specific Senders</span>
              <span className="field-hint"> Mail from anyone else is refused before it is accepted.</span>
            </span>
          </label>
        </div>
        {alias.is_whitelisted && disconnected && (
          <p className="notice notice-danger">
            No senders are chosen yet, so this alias refuses all mail. Choose a service or add senders below.
          </p>
        )}
        {/* docs/security.md A8: a sender is judged by its address and domain; what the domain lets others send is its own matter. */}
        <p className="field-hint">
          Senders are checked by their address. A domain entry covers the domain and all its subdomains.
        </p>
      </section>

      {alias.is_whitelisted && disconnected ? (
        <Chooser alias={alias} disabled={disabled} save={save} />
      ) : (
        <CurrentRules alias={alias} disabled={disabled} save={save} patterns={patterns} />
      )}
    </section>
  );
}

type SaveFn = (changes: Parameters<ReturnType<typeof useUpdateAlias>['mutate']>[0]) => void;

/** docs/product.md §2: a whitelisted alias with no senders or source chooses a service or an advanced sender list. */
function Chooser({ alias, disabled, save }: { alias: Alias; disabled: boolean; save: SaveFn }) {
  const [mode, setMode] = useState<'service' | 'advanced'>('service');
  return (
    <section className="card settings-section" aria-label="Choose senders">
      <div className="segmented" role="group" aria-label="How to choose">
        <button type="button" aria-pressed={mode === 'service'} onClick={() => setMode('service')}>
          Choose a service
        </button>
        <button type="button" aria-pressed={mode === 'advanced'} onClick={() => setMode('advanced')}>
          Advanced: sender list
        </button>
      </div>
      {mode === 'service' ? (
        <ServicePicker disabled={disabled} onPick={(s) => save({ source: s.id })} />
      ) : (
        <AddSender patterns={alias.senders.map((s) => s.address)} disabled={disabled} save={save} />
      )}
    </section>
  );
}

function ServicePicker({ disabled, onPick }: { disabled: boolean; onPick: (s: Source) => void }) {
  const { data } = useQuery(initQuery);
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const sources = (data?.sources ?? []).filter(
    (s) =>
      !q ||
      s.label.toLowerCase().includes(q) ||
      s.handle.toLowerCase().includes(q) ||
      s.senders.some((x) => x.address.includes(q)),
  );
  return (
    <div className="form">
      <div className="field">
        <label htmlFor="service-search">Search services</label>
        <input
          id="service-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="GitHub, PayPal…"
        />
      </div>
      {sources.length === 0 ? (
        <p className="muted">{EMPTY.noServices}</p>
      ) : (
        <div className="service-grid">
          {sources.map((s) => (
            <button
              key={s.id}
              type="button"
              className="service"
              disabled={disabled}
              onClick={() => onPick(s)}
              data-source={s.handle}
            >
              <span className="service-dot" style={{ background: s.color ?? 'var(--brand)' }} aria-hidden="true" />
              <span>{s.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function CurrentRules({
  alias,
  disabled,
  save,
  patterns,
}: {
  alias: Alias;
  disabled: boolean;
  save: SaveFn;
  patterns: string[];
}) {
  return (
    <section className="card settings-section" aria-labelledby="approved-title">
      <h2 id="approved-title" className="settings-title">
        Approved senders
      </h2>
      {!alias.is_whitelisted && (
        <p className="field-hint">These apply only while “Only Accept Mail From Specific Senders” is chosen.</p>
      )}
      {alias.source && (
        <div className="sender-item" data-testid="alias-source">
          <span>
            Service: <strong>{alias.source.label}</strong>{' '}
            <span className="muted mono small">{alias.source.senders.map((s) => s.address).join(', ')}</span>
          </span>
          <button type="button" className="btn btn-sm" disabled={disabled} onClick={() => save({ source: null })}>
            Remove
          </button>
        </div>
      )}
      {patterns.length > 0 ? (
        <ul className="sender-list" aria-label="Senders">
          {patterns.map((p, i) => (
            <li key={p} className="sender-item">
              <span className="mono">{p}</span>
              <button
                type="button"
                className="btn btn-sm"
                disabled={disabled}
                aria-label={`Remove ${p}`}
                // docs/product.md §7: removal by index.
                onClick={() => save({ senders: patterns.filter((_, j) => j !== i) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        !alias.source && <p className="muted">No senders yet.</p>
      )}
      <AddSender patterns={patterns} disabled={disabled} save={save} />
    </section>
  );
}

/** docs/product.md §5: a domain (sent as a wildcard covering subdomains) or an address; Add is disabled while invalid. */
export function AddSender({ patterns, disabled, save }: { patterns: string[]; disabled: boolean; save: SaveFn }) {
  const [input, setInput] = useState('');
  const typed = input.trim();
  const result = typed ? classifySender(typed) : null;
  const valid = result !== null && !('error' in result);
  const add = () => {
    if (!result || 'error' in result) return;
    if (patterns.includes(result.pattern)) {
      showFlash('danger', FLASH.duplicateSender);
      return;
    }
    save({ senders: [...patterns, result.pattern] });
    setInput('');
  };
  return (
    <form
      className="add-sender"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid && !disabled) add();
      }}
    >
      <div className="field">
        <label htmlFor="sender-input">Add a sender: an address or a domain</label>
        <input
          id="sender-input"
          value={input}
          autoComplete="off"
          spellCheck={false}
          placeholder="shop.example or friend@mail.example"
          disabled={disabled}
          aria-invalid={typed !== '' && !valid}
          aria-describedby="sender-hint"
          onChange={(e) => setInput(e.target.value)}
        />
        <span id="sender-hint" className={typed && !valid ? 'field-error' : 'field-hint'}>
          {typed && result && 'error' in result
            ? `This ${result.error}.`
            : result && 'pattern' in result && result.kind === 'domain'
              ? `Adds ${result.pattern}: the domain and all its subdomains.`
              : ' '}
        </span>
      </div>
      <button type="submit" className="btn btn-primary add-btn" disabled={!valid || disabled}>
        Add
      </button>
    </form>
  );
}
