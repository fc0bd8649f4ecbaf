import { COOKIE_NOTICE_DAYS } from '@app/shared';

export const COOKIE_NOTICE_NAME = 'cookie_notice';

export function readCookie(name: string, cookie = document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** The dismissal of the cookie notice lives 365 days (docs/product.md §4, §9). */
export function dismissCookieNotice(): void {
  const maxAge = COOKIE_NOTICE_DAYS * 24 * 60 * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_NOTICE_NAME}=dismissed; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

export function cookieNoticeDismissed(): boolean {
  return readCookie(COOKIE_NOTICE_NAME) === 'dismissed';
}
