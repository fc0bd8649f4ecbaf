/**
 * An editing form's last row: its submit button ("Save" unless named otherwise), then Cancel. While
 * the form is `busy`, both wait, and the submit button says `busyLabel` when given.
 */
export function FormActions({
  label = 'Save',
  busyLabel = label,
  busy = false,
  disabled = false,
  danger = false,
  small = false,
  onCancel,
}: {
  label?: string;
  busyLabel?: string;
  busy?: boolean;
  /** The submit button's own condition (nothing to save yet), besides `busy`. */
  disabled?: boolean;
  /** For a form that turns something off or removes it. */
  danger?: boolean;
  /** Inside a list row. */
  small?: boolean;
  onCancel: () => void;
}) {
  const size = small ? ' btn-sm' : '';
  return (
    <div className="actions">
      <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}${size}`} disabled={disabled || busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className={`btn btn-ghost${size}`} disabled={busy} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
