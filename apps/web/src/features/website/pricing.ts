import type { Package } from '@app/shared';

/** The rows of the package comparison (SPEC §9). Numeric limits and prices are never shown. */
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

/** A limit as words: null is unlimited (SPEC §9), anything else is a limit whose number stays hidden. */
export function limitText(key: (typeof LIMIT_ROWS)[number]['key'], value: number | null): string {
  if (value === null) return key === 'storage_days' ? 'Kept until you delete' : 'Unlimited';
  return 'Limited';
}

/** Packages offered publicly: monthly and yearly variants of a plan are compared once (the monthly). */
export function comparablePackages(packages: readonly Package[]): Package[] {
  const seen = new Set<string>();
  const out: Package[] = [];
  for (const p of [...packages].sort((a, b) => a.id - b.id)) {
    const key = p.label.replace(/\b(monthly|yearly|annual|annually)\b|[()\-–]/gi, '').replace(/\s+/g, ' ').trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}
