import type { Package } from '@app/shared';

/** The rows of the package comparison (docs/product.md §9). Numeric limits and prices are never shown. */
export const FEATURE_ROWS: Array<{ key: keyof Package['features']; label: string }> = [
  { key: 'address_customization', label: 'Address customisation' },
  { key: 'personal_domain', label: 'Personal domain' },
  { key: 'triple_encryption', label: 'Triple encryption' },
  { key: 'data_shredding', label: 'Data shredding' },
];

export const LIMIT_ROWS: Array<{ key: 'storage_capacity' | 'storage_days' | 'address_count'; label: string }> = [
  { key: 'storage_capacity', label: 'Storage capacity' },
  { key: 'storage_days', label: 'Message storage' },
  { key: 'address_count', label: 'Aliases' },
];

/** A limit as words: null is unlimited (docs/product.md §9), anything else is a limit whose number stays hidden. */
export function limitText(key: (typeof LIMIT_ROWS)[number]['key'], value: number | null): string {
  if (value === null) return key === 'storage_days' ? 'Kept until you delete' : 'Unlimited';
  return 'Limited';
}

/** A plan's name without its billing term: prices and terms are not shown (docs/product.md §9). */
export function planName(label: string): string {
  return (
    label
      .replace(/\b(monthly|yearly|annual|annually)\b|[()]/gi, '')
      .replace(/[\s\-–]+$/, '')
      .replace(/\s+/g, ' ')
      .trim() || label
  );
}

/** The plans to compare: the monthly and yearly variants of one plan are shown once. */
export function comparablePackages(packages: readonly Package[]): Array<Package & { name: string }> {
  const seen = new Set<string>();
  const out: Array<Package & { name: string }> = [];
  for (const p of [...packages].sort((a, b) => a.id - b.id)) {
    const name = planName(p.label);
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push({ ...p, name });
  }
  return out;
}
