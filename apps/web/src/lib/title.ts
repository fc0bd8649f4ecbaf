import { useEffect } from 'react';

export const APP_NAME = 'Alias Mail';

/**
 * Sets the document title for the current screen ("Inbox · Alias Mail"); screen readers announce
 * it. `undefined` leaves the title to a nested screen (a layout's effect runs after its child's).
 */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    if (title !== undefined) document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
