// The one flash message of docs/product.md §3 ("type and message text"): it appears, closes by itself after
// FLASH_DISMISS_MS, or is closed by hand. A tiny external store so that the API client (outside
// React) can raise a flash and the bar can subscribe with useSyncExternalStore.
import { FLASH_DISMISS_MS } from '@app/shared';

export type FlashType = 'success' | 'danger';
/** A button in the flash, e.g. Undo after trashing. */
export type FlashAction = { label: string; run: () => void };
export type Flash = { id: number; type: FlashType; message: string; action?: FlashAction };

/** A flash with an action stays long enough to reach its button. */
const ACTION_DISMISS_MS = 10_000;

type Listener = () => void;

let current: Flash | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

/** Shows a flash, replacing the current one, and schedules its dismissal. */
export function showFlash(type: FlashType, message: string, action?: FlashAction): Flash {
  clearTimeout(timer);
  current = { id: nextId++, type, message, ...(action ? { action } : {}) };
  const id = current.id;
  timer = setTimeout(() => dismissFlash(id), action ? ACTION_DISMISS_MS : FLASH_DISMISS_MS);
  emit();
  return current;
}

/** Closes the flash (only the given one when an id is passed, so a stale timer cannot close a newer flash). */
export function dismissFlash(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = null;
  emit();
}

export function getFlash(): Flash | null {
  return current;
}

export function subscribeFlash(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
