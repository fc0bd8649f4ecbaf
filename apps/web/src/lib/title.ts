import { useEffect } from 'react';

export const APP_NAME = 'Alias Mail';

/** Sets the document title for the current screen ("Inbox · Alias Mail"); screen readers announce it. */
export function useTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
