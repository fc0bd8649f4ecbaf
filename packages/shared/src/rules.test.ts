import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AccountHandleSchema,
  AccountPasswordSchema,
  AliasHandleSchema,
  EmailSchema,
  RULE_MESSAGES,
  SenderDomainSchema,
  SenderEmailSchema,
  classifySender,
  normalizeAddress,
  senderMatches,
  senderToPattern,
  splitAddress,
} from './rules';

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('RULE_MESSAGES', () => {
  it('holds the exact texts of docs/product.md §5', () => {
    expect(RULE_MESSAGES.accountHandle).toBe(
      'must be between 4-64 characters long, and may only contain letters (a-z), numbers (0-9), and underscores (_)',
    );
    expect(RULE_MESSAGES.accountPassword).toBe('must be between 8-64 characters long, and may not contain spaces ( )');
    expect(RULE_MESSAGES.aliasHandle).toBe(
      'must be between 4-64 characters long, start with a letter, number or underscore, and may only contain letters (a-z), numbers (0-9), periods (.), hyphens (-) and underscores (_)',
    );
    expect(RULE_MESSAGES.email).toBe('must be a valid email address');
    expect(RULE_MESSAGES.senderDomain).toBe('must be a valid domain');
    expect(RULE_MESSAGES.senderEmail).toBe('must be a valid email address');
  });

  it.each([
    [AccountHandleSchema, 'ab', RULE_MESSAGES.accountHandle],
    [AccountHandleSchema, 'x'.repeat(500), RULE_MESSAGES.accountHandle],
    [AccountHandleSchema, 42, RULE_MESSAGES.accountHandle],
    [AccountPasswordSchema, 'short', RULE_MESSAGES.accountPassword],
    [AccountPasswordSchema, undefined, RULE_MESSAGES.accountPassword],
    [AliasHandleSchema, '.abcd', RULE_MESSAGES.aliasHandle],
    [EmailSchema, 'nope', RULE_MESSAGES.email],
    [SenderDomainSchema, 'nope', 'must be a valid domain'],
    [SenderEmailSchema, 'nope', 'must be a valid email address'],
  ])('fails with the rule message (%#)', (schema, value, message) => {
    const r = schema.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues.every((i) => i.message === message)).toBe(true);
  });
});

describe('AccountHandleSchema', () => {
  it.each([
    ['abc', false],
    ['abcd', true],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['Ab_9', true],
    ['ABCD', true],
    ['____', true],
    ['ab.cd', false],
    ['ab-cd', false],
    ['ab cd', false],
    ['abcé', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(ok(AccountHandleSchema, value)).toBe(expected);
  });
});

describe('AccountPasswordSchema', () => {
  it.each([
    ['1234567', false],
    ['12345678', true],
    ['p'.repeat(64), true],
    ['p'.repeat(65), false],
    ['pass word', false],
    ['pass\tword', false],
    ['password\n', false],
    ['pass\u00a0word', false],
    [' password', false],
    ['p@$$w0rd!~', true],
  ])('%j → %s', (value, expected) => {
    expect(ok(AccountPasswordSchema, value)).toBe(expected);
  });
});

describe('AliasHandleSchema', () => {
  it.each([
    ['abc', false],
    ['abcd', true],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['.abc', false],
    ['-abc', false],
    ['_abc', true],
    ['9abc', true],
    ['Abc.', true],
    ['a.b-c_d', true],
    ['ab cd', false],
    ['ab+cd', false],
    ['ab@cd', false],
  ])('%j → %s', (value, expected) => {
    expect(ok(AliasHandleSchema, value)).toBe(expected);
  });

  it('reports the rule message for a bad first character', () => {
    expect(firstMessage(AliasHandleSchema, '-abcd')).toBe(RULE_MESSAGES.aliasHandle);
  });
});

describe('EmailSchema', () => {
  it.each([
    ['user@example.com', true],
    ['first.last+tag@mail.example.co.uk', true],
    ['user@example.c', false],
    ['user@example.' + 'a'.repeat(63), true],
    ['user@example.' + 'a'.repeat(64), false],
    ['user@example.c0m', false],
    ['user@localhost', false],
    ['user@.com', false],
    ['@example.com', false],
    ['us er@example.com', false],
    ['user@@example.com', false],
    ['user@example.com ', false],
    ['u'.repeat(250) + '@x.com', false],
  ])('%j → %s', (value, expected) => {
    expect(ok(EmailSchema, value)).toBe(expected);
  });
});

describe('SenderDomainSchema', () => {
  it.each([
    ['example.com', true],
    ['mail.example.co.uk', true],
    ['a.io', true],
    ['my-host.example.com', true],
    ['x1.example.com', true],
    ['-x.com', false],
    ['x-.com', false],
    ['ex..com', false],
    ['.example.com', false],
    ['example.com.', false],
    ['example', false],
    ['example.c', false],
    ['example.c0m', false],
    ['ex_ample.com', false],
    ['*.example.com', false],
    ['a'.repeat(63) + '.com', true],
    ['a'.repeat(64) + '.com', false],
  ])('%j → %s', (value, expected) => {
    expect(ok(SenderDomainSchema, value)).toBe(expected);
  });
});

describe('SenderEmailSchema', () => {
  it.each([
    ['user@example.com', true],
    ['first.last@sub.example.co.uk', true],
    ['user@[192.168.0.1]', true],
    ['user@[255.255.255.255]', true],
    ['user@[256.1.1.1]', false],
    ['user@[1.2.3]', false],
    ['"john doe"@example.com', true],
    ['.user@example.com', false],
    ['us..er@example.com', false],
    ['user.@example.com', false],
    ['user@example', false],
    ['user@example.c', false],
    ['user@-example.com', false],
    ['us,er@example.com', false],
    ['user@exa mple.com', false],
  ])('%j → %s', (value, expected) => {
    expect(ok(SenderEmailSchema, value)).toBe(expected);
  });
});

describe('normalizeAddress and splitAddress', () => {
  it('trims, strips <> and lowercases both parts', () => {
    expect(normalizeAddress('  <Bob.Smith@Example.COM> ')).toBe('bob.smith@example.com');
    expect(normalizeAddress('Alias@Mail.Test')).toBe('alias@mail.test');
    expect(normalizeAddress('<>')).toBe('');
  });

  it('splits at the last @', () => {
    expect(splitAddress('<"a@b"@Example.com>')).toEqual({ local: '"a@b"', domain: 'example.com' });
    expect(splitAddress('User@Host.org')).toEqual({ local: 'user', domain: 'host.org' });
  });

  it.each(['', '<>', 'nobody', '@example.com', 'user@'])('returns null for %j', (value) => {
    expect(splitAddress(value)).toBeNull();
  });
});

describe('senderToPattern', () => {
  it('stores a domain as a wildcard before the domain', () => {
    expect(senderToPattern('Example.com')).toBe('*.example.com');
    expect(senderToPattern('*.example.com')).toBe('*.example.com');
    expect(senderToPattern('@example.com')).toBe('*.example.com');
  });

  it('stores an address normalised', () => {
    expect(senderToPattern(' <Bob@Example.com> ')).toBe('bob@example.com');
  });
});

describe('senderMatches', () => {
  it('covers the domain itself and all its subdomains', () => {
    expect(senderMatches('*.example.com', 'x@example.com')).toBe(true);
    expect(senderMatches('*.example.com', 'x@sub.example.com')).toBe(true);
    expect(senderMatches('*.example.com', 'x@a.b.example.com')).toBe(true);
    expect(senderMatches('*.example.com', 'X@Sub.EXAMPLE.com')).toBe(true);
    expect(senderMatches('*.Example.com', 'x@example.com')).toBe(true);
  });

  it('does not match look-alike or parent domains', () => {
    expect(senderMatches('*.example.com', 'x@badexample.com')).toBe(false);
    expect(senderMatches('*.example.com', 'x@example.com.evil.org')).toBe(false);
    expect(senderMatches('*.example.com', 'x@com')).toBe(false);
    expect(senderMatches('*.sub.example.com', 'x@example.com')).toBe(false);
    expect(senderMatches('*.example.com', 'example.com')).toBe(false);
    expect(senderMatches('*.example.com', '')).toBe(false);
    expect(senderMatches('*.', 'x@example.com')).toBe(false);
  });

  it('matches an address pattern exactly, ignoring case', () => {
    expect(senderMatches('bob@example.com', 'Bob@Example.COM')).toBe(true);
    expect(senderMatches('bob@example.com', '<bob@example.com>')).toBe(true);
    expect(senderMatches('Bob@Example.com', 'bob@example.com')).toBe(true);
    expect(senderMatches('bob@example.com', 'bob@sub.example.com')).toBe(false);
    expect(senderMatches('bob@example.com', 'alice@example.com')).toBe(false);
    expect(senderMatches('user@[192.168.0.1]', 'User@[192.168.0.1]')).toBe(true);
    expect(senderMatches('', '')).toBe(false);
  });
});

describe('classifySender', () => {
  it('classifies domains as wildcard patterns', () => {
    expect(classifySender(' Example.COM ')).toEqual({ kind: 'domain', pattern: '*.example.com' });
    expect(classifySender('mail.example.co.uk')).toEqual({ kind: 'domain', pattern: '*.mail.example.co.uk' });
    expect(classifySender('*.example.com')).toEqual({ kind: 'domain', pattern: '*.example.com' });
  });

  it('classifies addresses, including bracketed IPs', () => {
    expect(classifySender('Bob@Example.com')).toEqual({ kind: 'email', pattern: 'bob@example.com' });
    expect(classifySender('user@[192.168.0.1]')).toEqual({ kind: 'email', pattern: 'user@[192.168.0.1]' });
  });

  it('returns the rule message for invalid input', () => {
    expect(classifySender('-x.com')).toEqual({ error: 'must be a valid domain' });
    expect(classifySender('')).toEqual({ error: 'must be a valid domain' });
    expect(classifySender('bob@localhost')).toEqual({ error: 'must be a valid email address' });
  });
});
