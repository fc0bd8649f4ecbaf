/** Digest frequencies: M monthly, W weekly, D daily. */
export type DigestCode = 'M' | 'W' | 'D';
/** An alias's digest setting; null is Never. */
export type DigestValue = DigestCode | null;

export const DIGEST_CODES = ['M', 'W', 'D'] as const satisfies readonly DigestCode[];

export const DIGEST_LABELS: Record<DigestCode, string> = { M: 'Monthly', W: 'Weekly', D: 'Daily' };

export const DIGEST_INVALID_MESSAGE = 'The digest settings for this alias are invalid because of your subscription limits.';

/**
 * The digest choices a package's maximum frequency allows (docs/product.md §5). M: Never, Monthly;
 * W: also Weekly; D: also Daily; any other value, null included, allows all. Callers that do
 * not know the package pass DEFAULT_DIGEST_MAX ('M').
 */
export function digestOptions(maxDigest: string | null | undefined): Array<{ value: DigestValue; label: string }> {
  const index = DIGEST_CODES.indexOf(maxDigest as DigestCode);
  const codes = index === -1 ? DIGEST_CODES : DIGEST_CODES.slice(0, index + 1);
  return [{ value: null, label: 'Never' }, ...codes.map((c) => ({ value: c, label: DIGEST_LABELS[c] }))];
}

export function digestAllowed(digest: DigestValue, maxDigest: string | null | undefined): boolean {
  return digestOptions(maxDigest).some((o) => o.value === digest);
}

/** Lifespans in days; null is Forever. */
export const LIFESPAN_OPTIONS = [7, 14, 60, 180, null] as const;
export type LifespanValue = (typeof LIFESPAN_OPTIONS)[number];

/** "7 days", "1 day". */
export function formatDays(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

/**
 * The lifespan choices under a package's storage_days (null: no limit). 14, 60 and 180 are
 * disabled when the limit is lower; Forever whenever a limit exists; 7 is always enabled.
 */
export function lifespanChoices(storageDays: number | null): Array<{ value: LifespanValue; label: string; disabled: boolean }> {
  return LIFESPAN_OPTIONS.map((value) => {
    if (value === null) return { value, label: 'Forever', disabled: storageDays !== null };
    const disabled = value !== 7 && storageDays !== null && storageDays < value;
    return { value, label: formatDays(value), disabled };
  });
}

/** Whether `lifespan` is one of the options and enabled under `storageDays`. */
export function lifespanAllowed(lifespan: number | null, storageDays: number | null): boolean {
  return lifespanChoices(storageDays).some((c) => c.value === lifespan && !c.disabled);
}

/** The docs/product.md §5 notice when the package deletes messages sooner than the alias's lifespan. */
export function lifespanWarning(lifespan: number | null, storageDays: number | null): string | null {
  if (storageDays === null) return null;
  if (lifespan !== null && lifespan <= storageDays) return null;
  return `Even though this alias has a longer lifespan set, because of your subscription limits messages will still be deleted automatically after ${storageDays} days.`;
}

/** Days after which a message is deleted: min(alias lifespan, package storage_days); null never. */
export function effectiveLifespanDays(lifespan: number | null, storageDays: number | null): number | null {
  if (lifespan === null) return storageDays;
  if (storageDays === null) return lifespan;
  return Math.min(lifespan, storageDays);
}

/** The longest alias label and alias note, in characters (docs/product.md is silent); the api and the SPA both hold to them. */
export const ALIAS_LABEL_MAX = 255;
export const NOTE_MAX_LENGTH = 100_000;
