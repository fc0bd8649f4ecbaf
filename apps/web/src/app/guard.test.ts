import { describe, expect, it } from 'vitest';
import type { User } from '@app/shared';
import { guardDecision } from './guard';

const user = (over: Partial<User> = {}): User => ({
  id: 2,
  handle: 'alice',
  name: 'Alice',
  email: 'alice@example.com',
  mobile: null,
  site_handle_prefix: false,
  approved: '2025-01-01T00:00:00Z',
  registered: '2025-01-01T00:00:00Z',
  is_admin: false,
  subscription: null,
  ...over,
});

describe('guardDecision (docs/product.md §2 "Navigation guard")', () => {
  it('sends a visitor to /login', () => {
    expect(guardDecision(null)).toBe('/login');
    expect(guardDecision(null, { admin: true })).toBe('/login');
    expect(guardDecision(null, { allowUnregistered: true })).toBe('/login');
  });

  it('holds an unregistered account at /account/register', () => {
    expect(guardDecision(user({ registered: null }))).toBe('/account/register');
    expect(guardDecision(user({ registered: null, approved: null }))).toBe('/account/register');
    expect(guardDecision(user({ registered: null }), { allowUnregistered: true })).toBeNull();
    expect(guardDecision(user({ registered: null, approved: null }), { allowUnregistered: true })).toBeNull();
  });

  it('holds an unapproved account at /account/pending', () => {
    expect(guardDecision(user({ approved: null }))).toBe('/account/pending');
    expect(guardDecision(user({ approved: null }), { admin: true })).toBe('/account/pending');
    expect(guardDecision(user({ approved: null }), { allowUnapproved: true })).toBeNull();
  });

  it('sends a non-admin on an admin route to /x', () => {
    expect(guardDecision(user(), { admin: true })).toBe('/x');
    expect(guardDecision(user({ id: 1, is_admin: true }), { admin: true })).toBeNull();
  });

  it('lets a registered, approved account through', () => {
    expect(guardDecision(user())).toBeNull();
  });

  it('sends an account on from a page that no longer applies', () => {
    expect(guardDecision(user(), { allowUnregistered: true })).toBe('/account/feed');
    expect(guardDecision(user(), { allowUnapproved: true })).toBe('/account/feed');
    expect(guardDecision(user({ approved: null }), { allowUnregistered: true })).toBe('/account/feed');
  });
});
