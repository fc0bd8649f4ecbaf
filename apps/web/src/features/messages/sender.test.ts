import { describe, expect, it } from 'vitest';
import { displayNameLooksLikeAddress, senderName } from './sender';

describe('docs/security.md H11: display names that look like addresses', () => {
  it('flags the mailparser case: name admin@legit.example, address any@attack.example', () => {
    expect(displayNameLooksLikeAddress('admin@legit.example', 'any@attack.example')).toBe(true);
  });
  it('flags names that read like a domain or use a full-width @', () => {
    expect(displayNameLooksLikeAddress('paypal.com', 'x@evil.example')).toBe(true);
    expect(displayNameLooksLikeAddress('support＠bank.example', 'x@evil.example')).toBe(true);
  });
  it('does not flag plain names, empty names, or the address repeated exactly', () => {
    expect(displayNameLooksLikeAddress('Alice Example', 'alice@example.com')).toBe(false);
    expect(displayNameLooksLikeAddress(null, 'alice@example.com')).toBe(false);
    expect(displayNameLooksLikeAddress('Alice@Example.com', 'alice@example.com')).toBe(false);
  });
  it('falls back to the address when there is no name', () => {
    expect(senderName('  ', 'a@b.co')).toBe('a@b.co');
    expect(senderName('Bob', 'a@b.co')).toBe('Bob');
  });
});
