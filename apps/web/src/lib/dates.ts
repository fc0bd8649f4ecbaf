// "Friendly dates use calendar style with weekday and month names capitalised" (docs/product.md §9):
// Today at 9:41 AM, Yesterday at …, Monday at …, else March 3, 2025 (the year only when it differs).

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long' });
const sameYear = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric' });
const otherYear = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
const DAY = 86_400_000;

export function toDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  return typeof value === 'number' ? new Date(value * 1000) : new Date(value);
}

export function friendlyDate(value: string | number | Date, now: Date = new Date()): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const days = Math.round((startOfDay(now) - startOfDay(d)) / DAY);
  if (days === 0) return `Today at ${time.format(d)}`;
  if (days === 1) return `Yesterday at ${time.format(d)}`;
  if (days > 1 && days < 7) return `${weekday.format(d)} at ${time.format(d)}`;
  return (d.getFullYear() === now.getFullYear() ? sameYear : otherYear).format(d);
}

export function fullDate(value: string | number | Date): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? '' : full.format(d);
}
