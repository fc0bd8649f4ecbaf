import { describe, expect, it } from 'vitest';
import { COOKIE_NOTICE_DAYS } from '@app/shared';
import { scrollClasses } from './scroll';
import { cookieNoticeDismissed, dismissCookieNotice, readCookie } from './cookies';
import { friendlyDate } from './dates';

describe('scrollClasses (docs/product.md §2)', () => {
  it('marks 0, 50 and 200 px', () => {
    expect(scrollClasses(0)).toEqual(['scroll-0']);
    expect(scrollClasses(49)).toEqual([]);
    expect(scrollClasses(50)).toEqual(['scroll-50']);
    expect(scrollClasses(200)).toEqual(['scroll-50', 'scroll-200']);
  });
});

describe('cookie notice', () => {
  it('stores its dismissal in a cookie', () => {
    expect(cookieNoticeDismissed()).toBe(false);
    const set: string[] = [];
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => desc.get!.call(document),
      set: (v: string) => {
        set.push(v);
        desc.set!.call(document, v);
      },
    });
    dismissCookieNotice();
    expect(set[0]).toContain(`Max-Age=${COOKIE_NOTICE_DAYS * 86400}`);
    expect(set[0]).toContain('Path=/');
    expect(cookieNoticeDismissed()).toBe(true);
    expect(readCookie('cookie_notice', 'a=1; cookie_notice=dismissed')).toBe('dismissed');
  });
});

describe('friendlyDate (docs/product.md §9)', () => {
  const now = new Date(2025, 5, 18, 15, 0); // Wednesday 18 June 2025
  it('uses calendar words with capitalised names', () => {
    expect(friendlyDate(new Date(2025, 5, 18, 9, 5), now)).toBe('Today at 9:05 AM');
    expect(friendlyDate(new Date(2025, 5, 17, 21, 0), now)).toBe('Yesterday at 9:00 PM');
    expect(friendlyDate(new Date(2025, 5, 15, 8, 0), now)).toBe('Sunday at 8:00 AM');
    expect(friendlyDate(new Date(2025, 2, 3, 8, 0), now)).toBe('March 3');
    expect(friendlyDate(new Date(2024, 11, 24, 8, 0), now)).toBe('December 24, 2024');
  });
});
