import { NotFound } from './data-router';

/** A route's numeric id segment, or a 404 thrown to the route's error element. */
export function idParam(value: string | undefined): number {
  if (value && /^[1-9][0-9]{0,15}$/.test(value)) return Number(value);
  throw new NotFound();
}
