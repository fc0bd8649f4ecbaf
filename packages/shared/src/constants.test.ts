import { describe, expect, it } from 'vitest';
import {
  ADMIN_ACCOUNT_ID,
  AUTH_POLL_MS,
  COOKIE_NOTICE_DAYS,
  COPY_RESET_MS,
  DEFAULT_DIGEST_MAX,
  DEFAULT_DOMAIN_ID,
  DEFAULT_STORAGE_DAYS,
  EMPTY,
  FLASH,
  FLASH_DISMISS_MS,
  FRAME_MEASURE_MS,
  FREE_PACKAGE_ID,
  MESSAGES_PAGE_SIZE,
  NOTES_DEBOUNCE_MS,
  REQUEST_TIMEOUT_MS,
  SESSION_TTL_MS,
  SIDEBAR_POLL_MS,
  VIP_PACKAGE_ID,
  addressInvalidFlash,
  formatBytes,
  formatLifespan,
  profileFlash,
  testEmailErrorFlash,
} from './constants';
import { RULE_MESSAGES } from './rules';

describe('constants of docs/product.md §9', () => {
  it('has the timings and ids', () => {
    expect({
      FLASH_DISMISS_MS,
      COOKIE_NOTICE_DAYS,
      NOTES_DEBOUNCE_MS,
      AUTH_POLL_MS,
      SESSION_TTL_MS,
      SIDEBAR_POLL_MS,
      FRAME_MEASURE_MS,
      COPY_RESET_MS,
      REQUEST_TIMEOUT_MS,
      ADMIN_ACCOUNT_ID,
      VIP_PACKAGE_ID,
      FREE_PACKAGE_ID,
      DEFAULT_DOMAIN_ID,
      DEFAULT_DIGEST_MAX,
      DEFAULT_STORAGE_DAYS,
      MESSAGES_PAGE_SIZE,
    }).toEqual({
      FLASH_DISMISS_MS: 5000,
      COOKIE_NOTICE_DAYS: 365,
      NOTES_DEBOUNCE_MS: 1000,
      AUTH_POLL_MS: 120000,
      SESSION_TTL_MS: 900000,
      SIDEBAR_POLL_MS: 60000,
      FRAME_MEASURE_MS: 500,
      COPY_RESET_MS: 1200,
      REQUEST_TIMEOUT_MS: 120000,
      ADMIN_ACCOUNT_ID: 1,
      VIP_PACKAGE_ID: 2,
      FREE_PACKAGE_ID: 1,
      DEFAULT_DOMAIN_ID: 1,
      DEFAULT_DIGEST_MAX: 'M',
      DEFAULT_STORAGE_DAYS: 7,
      MESSAGES_PAGE_SIZE: 50,
    });
  });

  it('has the exact flash and empty-state texts', () => {
    expect(FLASH).toEqual({
      problem: 'There was a problem!',
      duplicateSender: 'Duplicate sender!',
      upgradeOk: 'Upgrade was successful!',
      upgradeCancelled: 'Upgrade was cancelled.',
      emailSent: 'Email was sent successfully!',
      cannotChangeEmail: 'Cannot change your email yet!',
      needPasswordForPassword: 'You must enter your current password to create a new one.',
      needPasswordForUsername: 'You must enter your current password to change your username.',
      needPasswordForEmail: 'You must enter your current password to update your email.',
      // Ours, not the spec's: a save the server answers without a message of its own.
      saved: 'Saved.',
    });
    expect(EMPTY).toEqual({
      noMessages: 'No Messages',
      noRecent: 'No recent messages.',
      // Ours, not the spec's: the sidebar of an account without aliases says what to do.
      noAliases:
        'No aliases yet. Add Alias makes an address to give a shop, a newsletter or a sign-up form; its mail arrives here.',
      noActivity: 'No recent activity.',
      noServices: 'Could not find any matching services!',
      noStatistics: 'No statistics to show.',
    });
  });
});

describe('flash builders', () => {
  it('builds the invalid-address flash', () => {
    expect(addressInvalidFlash(RULE_MESSAGES.aliasHandle)).toBe(`The address ${RULE_MESSAGES.aliasHandle}.`);
  });

  it('builds the profile flashes', () => {
    expect(profileFlash('password', RULE_MESSAGES.accountPassword)).toBe(
      'Your password must be between 8-64 characters long, and may not contain spaces ( ).',
    );
    expect(profileFlash('username', RULE_MESSAGES.accountHandle)).toBe(`The username ${RULE_MESSAGES.accountHandle}.`);
    expect(profileFlash('email', RULE_MESSAGES.email)).toBe('Your main email must be a valid email address.');
  });

  it('builds the test e-mail error flash', () => {
    expect(testEmailErrorFlash('Relay refused', ['smtp', 'auth'])).toBe('Error!! Relay refused (smtp, auth)');
    expect(testEmailErrorFlash(undefined, ['smtp'])).toBe('Error!! Unknown error. (smtp)');
    expect(testEmailErrorFlash('', [])).toBe('Error!! Unknown error. ()');
    expect(testEmailErrorFlash()).toBe('Error!! Unknown error. ()');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 MB'],
    [1, '1 MB'],
    [250.5, '250.5 MB'],
    [999, '999 MB'],
    [1000, '1 GB'],
    [1500, '1.5 GB'],
    [999.999, '1 GB'],
    [999_999, '1 TB'],
    [999_994, '999.99 GB'],
    [1_000_000, '1 TB'],
    [2_500_000, '2.5 TB'],
    [1_234_567, '1.23 TB'],
  ])('%j MB → %j', (mb, expected) => {
    expect(formatBytes(mb)).toBe(expected);
  });
});

describe('formatLifespan', () => {
  it.each([
    [7, '7 days'],
    [180, '180 days'],
    [1, '1 day'],
    [null, 'forever'],
  ])('%j → %j', (days, expected) => {
    expect(formatLifespan(days)).toBe(expected);
  });
});
