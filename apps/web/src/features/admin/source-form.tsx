import { useState, type FormEvent } from 'react';
import { classifySender, type Source, type SourceBodyInput } from '@app/shared';

/** The senders textarea: one address or domain per line. */
const splitSenders = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The source form: Label, Public toggle, and senders (docs/product.md §2's draft form, wired up). A new
 * source defaults to public with no senders.
 */
export function SourceForm(props: {
  initial?: Source;
  busy: boolean;
  submitLabel: string;
  onSubmit: (body: SourceBodyInput) => void;
}) {
  const [label, setLabel] = useState(props.initial?.label ?? '');
  const [isPublic, setIsPublic] = useState(props.initial?.is_public ?? true);
  const [senders, setSenders] = useState((props.initial?.senders ?? []).map((s) => s.address).join('\n'));
  const [url, setUrl] = useState(props.initial?.url ?? '');
  const [color, setColor] = useState(props.initial?.color ?? '');

  const invalid = splitSenders(senders).filter((s) => 'error' in classifySender(s));
  const canSave = label.trim() !== '' && invalid.length === 0 && !props.busy;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    props.onSubmit({
      label: label.trim(),
      is_public: isPublic,
      senders: splitSenders(senders),
      url: url.trim() || null,
      color: color.trim() || null,
    });
  };

  return (
    <form className="form card" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="source-label">Label</label>
        <input id="source-label" name="label" value={label} onChange={(e) => setLabel(e.target.value)} />
      </div>
      <label className="switch">
        <input type="checkbox" role="switch" checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
        Public
      </label>
      <div className="field">
        <label htmlFor="source-senders">Senders (one address or domain per line)</label>
        <textarea
          id="source-senders"
          name="senders"
          className="mono"
          value={senders}
          aria-invalid={invalid.length > 0}
          onChange={(e) => setSenders(e.target.value)}
        />
        {invalid.length > 0 && <p className="small notice-danger">Not an address or domain: {invalid.join(', ')}</p>}
        <p className="small muted">A domain covers all of its subdomains.</p>
      </div>
      <div className="field">
        <label htmlFor="source-url">Website</label>
        <input id="source-url" name="url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="source-color">Colour</label>
        <input id="source-color" name="color" placeholder="#4f46e5" value={color} onChange={(e) => setColor(e.target.value)} />
      </div>
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={!canSave}>
          {props.busy ? 'Saving…' : props.submitLabel}
        </button>
      </div>
    </form>
  );
}
