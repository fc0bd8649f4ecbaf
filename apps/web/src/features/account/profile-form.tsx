// The profile page's form parts: a section that opens for editing, its fields and their refusals.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ProfileWire } from '@app/shared';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { FormActions } from '../../components/form-actions';
import { showFlash } from '../../lib/flash-store';

/** Only a wrong current password is cleared; after any other error it is still right. */
export type SaveOutcome = { status: 'saved' | 'failed' | 'wrong-password'; message: string | null };

/**
 * A section's refusals beside the field they are about (docs/product.md §5): a wrong current password
 * beside that field, any other rule beside the section's own field. A rule the page can check
 * (`check` returns its flash) is shown at once without a request, beside the field and in the flash.
 */
export function useFieldErrors(save: SectionProps['save']) {
  const [field, setField] = useState<string | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const clear = () => {
    setField(null);
    setCurrent(null);
  };
  const submit = async (body: ProfileWire, check?: string | null): Promise<SaveOutcome['status']> => {
    if (check) {
      setField(check);
      setCurrent(null);
      showFlash('danger', check);
      return 'failed';
    }
    const { status, message } = await save(body);
    setField(status === 'failed' ? message : null);
    setCurrent(status === 'wrong-password' ? message : null);
    return status;
  };
  return { field, current, clear, submit };
}

export type SectionProps = {
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  busy: boolean;
  save: (body: ProfileWire) => Promise<SaveOutcome>;
};

export function Section(props: {
  title: string;
  view: ReactNode;
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSubmit: () => void;
  canSave: boolean;
  busy: boolean;
  children: ReactNode;
  notice?: ReactNode;
}) {
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (props.canSave && !props.busy) props.onSubmit();
  };
  return (
    <section className="card profile-section" aria-labelledby={id}>
      <div className="profile-head">
        <h2 id={id}>{props.title}</h2>
        {!props.editing && (
          <button type="button" className="btn btn-sm" onClick={props.onEdit} aria-label={`Edit ${props.title.toLowerCase()}`}>
            Edit
          </button>
        )}
      </div>
      {props.notice}
      {props.editing ? (
        <form className="form profile-form" onSubmit={submit} noValidate>
          {props.children}
          <FormActions busyLabel="Saving…" busy={props.busy} disabled={!props.canSave} onCancel={props.onCancel} />
        </form>
      ) : (
        <div className="profile-value">{props.view}</div>
      )}
    </section>
  );
}

export function Field(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  autoComplete?: string;
  name?: string;
  after?: ReactNode;
  autoFocus?: boolean;
  error?: string | null;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const error = props.error ?? null;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <div className="field-row">
        <input
          id={id}
          name={props.name}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={props.autoFocus}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          {...fieldErrorProps(errorId, error)}
        />
        {props.after}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function GenerateButton({ onGenerate, label }: { onGenerate: () => Promise<void>; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn"
      disabled={busy}
      aria-label={label}
      onClick={async () => {
        setBusy(true);
        await onGenerate();
        setBusy(false);
      }}
    >
      Generate
    </button>
  );
}

export function CurrentPassword({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  return (
    <Field
      label="Current password"
      name="current-password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
