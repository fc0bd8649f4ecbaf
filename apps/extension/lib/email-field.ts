// Which fields of a page take an e-mail address, and how to fill one so that the page's own
// scripts (React, Vue, plain listeners) see the change as if it were typed.

const TEXTUAL = new Set(['', 'text', 'email']);

export function isEmailField(el: Element | null): el is HTMLInputElement {
  if (!(el instanceof HTMLInputElement) || el.disabled || el.readOnly) return false;
  const type = el.type.toLowerCase();
  if (type === 'email') return true;
  if (!TEXTUAL.has(el.getAttribute('type')?.toLowerCase() ?? '')) return false;
  if (/(^|\s)email(\s|$)/i.test(el.autocomplete)) return true;
  return /e-?mail/i.test(el.name) || /e-?mail/i.test(el.id);
}

/** Whether a field may be filled from the context menu: any editable text field. */
export function isFillable(el: Element | null): el is HTMLInputElement | HTMLTextAreaElement {
  if (el instanceof HTMLTextAreaElement) return !el.disabled && !el.readOnly;
  return el instanceof HTMLInputElement && !el.disabled && !el.readOnly && TEXTUAL.has(el.type.toLowerCase());
}

/**
 * Sets the value through the element prototype's setter (frameworks that track the value on the
 * instance would otherwise miss it), then fires the events typing would.
 */
export function fillField(el: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}
