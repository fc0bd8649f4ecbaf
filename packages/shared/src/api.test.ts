import { describe, expect, it } from 'vitest';
import {
  AliasCreateBodySchema,
  AliasSchema,
  AliasUpdateBodySchema,
  ChatBodySchema,
  ErrorBodySchema,
  InitResponseSchema,
  LoginBodySchema,
  MarkMessagesBodySchema,
  MessageSchema,
  TrashMessagesBodySchema,
  UserSchema,
  type MessageSummary,
} from './api';
import { ALIAS_LABEL_MAX, NOTE_MAX_LENGTH } from './limits';

const summary: MessageSummary = {
  id: 1,
  alias_id: 2,
  sender_label: 'Shop',
  sender_address: 'news@shop.example',
  subject: 'Hello',
  snippet: 'Our spring sale starts today',
  sent: '2025-01-01T00:00:00.000Z',
  sent_unix: 1735689600,
  created: '2025-01-01T00:00:01.000Z',
  html: true,
  opened: null,
  opened_unix: null,
  direction: 'in',
  state: 'ok',
  attachments_count: 0,
  unsubscribe: ['one-click'],
  verification: { code: null, link: null },
  spam: { score: 0.4, action: 'none' },
};

const alias = {
  id: 2,
  handle: 'shopping',
  address: 'shopping@alias.localhost',
  label: null,
  icon: null,
  source_id: null,
  source: null,
  user_id: 1,
  domain_id: 1,
  unread_count: 1,
  total_count: 1,
  contacted_unix: 1735689600,
  created_unix: 1735600000,
  created: '2024-12-31T00:00:00.000Z',
  accessed: null,
  updated: '2024-12-31T00:00:00.000Z',
  lifespan: null,
  digest: 'W',
  is_active: true,
  is_trashed: false,
  is_whitelisted: false,
  senders: [{ id: 1, address: '*.shop.example', hostname: 'shop.example' }],
  specialty: null,
  last_message: summary,
  origin: 'shop.example',
  shared_senders: false,
  leak_ignored: [],
  leak: { domain: 'spammer.example', first_seen: '2025-01-01T00:00:00.000Z', count: 2 },
  expires: null,
  max_messages: 5,
  expired: false,
  notify: 'none',
  spam_mode: null,
  pinned: false,
};

describe('response schemas', () => {
  it('parses an alias with its last message', () => {
    expect(AliasSchema.parse(alias)).toEqual(alias);
  });

  it('rejects an unknown digest code', () => {
    expect(AliasSchema.safeParse({ ...alias, digest: 'Y' }).success).toBe(false);
  });

  it('strips the session token and html from what it returns', () => {
    const user = {
      id: 1,
      handle: 'admin',
      name: null,
      email: 'admin@example.com',
      mobile: null,
      site_handle_prefix: false,
      approved: '2025-01-01T00:00:00.000Z',
      registered: '2025-01-01T00:00:00.000Z',
      is_admin: true,
      subscription: { package_id: 2, expires: null },
    };
    expect(UserSchema.parse({ ...user, token: 'secret' })).toEqual(user);

    const message = MessageSchema.parse({
      ...summary,
      text: 'hi',
      body: 'an old copy of the text',
      html_body: '<script></script>',
      attachments: [],
      auth: { spf: 'pass', dkim: 'none', dmarc: 'fail', arc: 'none' },
      warnings: [],
      block: { sender: 'news@shop.example', domain: 'shop.example' },
    });
    expect(message).not.toHaveProperty('html_body');
    expect(message).not.toHaveProperty('body');
  });

  it('parses the init payload and the error envelope', () => {
    expect(
      InitResponseSchema.safeParse({
        packages: [],
        sources: [],
        domains: [],
        keys: { stripe: 'pk' },
        trash_grace_minutes: 10,
        pricing: { numbers: false, prices: [] },
      }).success,
    ).toBe(true);
    expect(ErrorBodySchema.safeParse({ success: false, msg: 'x', code: 'NOT_FOUND', requestId: 'r1' }).success).toBe(true);
    expect(ErrorBodySchema.safeParse({ success: false, msg: 'x', code: 'TEAPOT' }).success).toBe(false);
  });
});

describe('request bodies', () => {
  it('requires a non-empty login', () => {
    expect(LoginBodySchema.safeParse({ handle: 'a', password: 'b' }).success).toBe(true);
    expect(LoginBodySchema.safeParse({ handle: '', password: 'b' }).success).toBe(false);
  });

  it('validates alias creation; no body at all is an empty one', () => {
    expect(AliasCreateBodySchema.parse(undefined)).toEqual({});
    expect(AliasCreateBodySchema.parse(null)).toEqual({});
    expect(AliasCreateBodySchema.safeParse({ specialty: 'chat', handle: '_chat', label: null }).success).toBe(true);
    expect(AliasCreateBodySchema.safeParse({ specialty: 'other' }).success).toBe(false);
    expect(AliasCreateBodySchema.safeParse({ icon: 'x'.repeat(65) }).success).toBe(false);
  });

  it('turns 0/1 flags into booleans; one bound for labels and notes in both bodies', () => {
    expect(
      AliasUpdateBodySchema.parse({
        is_active: 0,
        is_trashed: true,
        is_whitelisted: 1,
        digest: null,
        lifespan: 60,
        source: null,
        label: null,
      }),
    ).toEqual({
      is_active: false,
      is_trashed: true,
      is_whitelisted: true,
      digest: null,
      lifespan: 60,
      source: null,
      label: null,
    });
    for (const schema of [AliasCreateBodySchema, AliasUpdateBodySchema]) {
      expect(schema.safeParse({ label: 'x'.repeat(ALIAS_LABEL_MAX) }).success).toBe(true);
      expect(schema.safeParse({ label: 'x'.repeat(ALIAS_LABEL_MAX + 1) }).success).toBe(false);
    }
    expect(AliasUpdateBodySchema.safeParse({ notes: 'x'.repeat(NOTE_MAX_LENGTH) }).success).toBe(true);
    expect(AliasUpdateBodySchema.safeParse({ notes: 'x'.repeat(NOTE_MAX_LENGTH + 1) }).success).toBe(false);
  });

  it.each([
    { is_active: 2 },
    { is_whitelisted: '1' },
    { digest: 'X' },
    { lifespan: 30 },
    { lifespan: 0 },
    { senders: ['x'.repeat(1001)] },
    { source: 0 },
    { icon: 'x'.repeat(65) },
  ])('rejects the alias update %j', (body) => {
    expect(AliasUpdateBodySchema.safeParse(body).success).toBe(false);
  });

  it('bounds message id lists', () => {
    expect(MarkMessagesBodySchema.safeParse({ message_ids: [1, 2], type: 'read' }).success).toBe(true);
    expect(MarkMessagesBodySchema.safeParse({ message_ids: [1], type: 'seen' }).success).toBe(false);
    expect(TrashMessagesBodySchema.safeParse({ message_ids: [] }).success).toBe(false);
    expect(TrashMessagesBodySchema.safeParse({ message_ids: Array.from({ length: 500 }, (_, i) => i + 1) }).success).toBe(true);
    expect(TrashMessagesBodySchema.safeParse({ message_ids: Array.from({ length: 501 }, (_, i) => i + 1) }).success).toBe(false);
    expect(TrashMessagesBodySchema.safeParse({ message_ids: [1.5] }).success).toBe(false);
  });

  it('bounds chat text (an empty one is refused by the server with its own message)', () => {
    expect(ChatBodySchema.safeParse({ text: 'hi' }).success).toBe(true);
    expect(ChatBodySchema.safeParse({ text: 'x'.repeat(100_001) }).success).toBe(false);
  });
});
