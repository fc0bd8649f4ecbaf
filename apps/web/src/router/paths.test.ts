import { describe, expect, it } from 'vitest';
import { loginReturningTo, returnPath } from './paths';

describe('the return after signing in', () => {
  it('comes back only to a path of this app', () => {
    expect(loginReturningTo('/alias/3/settings?tab=x')).toBe('/login?next=%2Falias%2F3%2Fsettings%3Ftab%3Dx');
    expect(loginReturningTo('/account/feed')).toBe('/login');
    expect(returnPath('/alias/3/settings')).toBe('/alias/3/settings');
    for (const bad of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/login',
      '/auth/login?next=/x',
    ]) {
      expect(returnPath(bad)).toBeNull();
    }
  });
});
