/**
 * A rule's message beside its field, as well as in the flash (docs/product.md §5). The input takes
 * `fieldErrorProps` so a screen reader reads the message with it.
 */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

export function fieldErrorProps(id: string, message: string | null) {
  return { 'aria-invalid': message !== null, 'aria-describedby': message ? id : undefined };
}
