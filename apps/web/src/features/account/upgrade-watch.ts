// After a hosted checkout the plan changes only through the Stripe webhook (docs/security.md W9), which may
// arrive a moment after the browser comes back on the success URL. So the success page does not
// assume anything: it starts a short watch, and the Subscription screen refetches a few times
// until the server reports the package that was bought, or the window closes.

const KEY = 'alias.checkout';
/** How long the Subscription screen keeps asking after a successful checkout. */
export const WATCH_MS = 10_000;
/** How often it asks meanwhile. */
export const WATCH_INTERVAL_MS = 2_000;

export type UpgradeWatch = {
  /** The package that was bought, when this tab started the checkout; else null (any change counts). */
  target: number | null;
  until: number;
};

let watch: UpgradeWatch | null = null;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Before leaving for the hosted checkout: remember what is being bought (this tab only). */
export function rememberCheckout(packageId: number): void {
  storage()?.setItem(KEY, JSON.stringify({ packageId }));
}

function takeCheckout(): number | null {
  const s = storage();
  const raw = s?.getItem(KEY);
  s?.removeItem(KEY);
  if (!raw) return null;
  try {
    const v = (JSON.parse(raw) as { packageId?: unknown }).packageId;
    return typeof v === 'number' && Number.isInteger(v) ? v : null;
  } catch {
    return null;
  }
}

/** On the success URL: watch for the new package for WATCH_MS. */
export function startUpgradeWatch(now = Date.now()): UpgradeWatch {
  watch = { target: takeCheckout(), until: now + WATCH_MS };
  return watch;
}

/** On the cancel URL: nothing was bought. */
export function forgetCheckout(): void {
  takeCheckout();
  watch = null;
}

/** The running watch, if its window is still open. */
export function activeUpgradeWatch(now = Date.now()): UpgradeWatch | null {
  if (watch && now >= watch.until) watch = null;
  return watch;
}

export function endUpgradeWatch(): void {
  watch = null;
}

/** Whether the server's package answers the watch: the bought one, or any change when unknown. */
export function watchSatisfied(w: UpgradeWatch, packageId: number, initialPackageId: number): boolean {
  return w.target !== null ? packageId === w.target : packageId !== initialPackageId;
}
