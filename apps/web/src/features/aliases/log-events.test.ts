import { describe, expect, it } from 'vitest';
import type { AliasLogEntry } from '@app/shared';
import { logEvent } from './log-events';

const entry = (l: Partial<AliasLogEntry>): AliasLogEntry => ({
  id: 1,
  created: '2026-03-03T10:00:00.000Z',
  user_id: 1,
  method: 'PUT',
  endpoint: '/api/account/1/alias/3',
  status: 200,
  detail: null,
  ...l,
});

describe('logEvent', () => {
  it('says what a settings change did, with the new state of a flag', () => {
    expect(logEvent(entry({ detail: 'senders, is_whitelisted=1' }))).toEqual({
      text: 'Settings changed: approved senders, restricted to approved senders',
      failed: false,
    });
    expect(logEvent(entry({ detail: 'is_active=0' })).text).toBe('Settings changed: deactivated');
    expect(logEvent(entry({ detail: 'label', status: 403 }))).toEqual({
      text: 'Change refused: label (refused, 403)',
      failed: true,
    });
  });

  it('reads entries of earlier releases: a flag without its state', () => {
    expect(logEvent(entry({ detail: 'senders, is_whitelisted' })).text).toBe(
      'Settings changed: approved senders, sender restriction',
    );
  });

  it('says what the mx refused and the worker delivered', () => {
    expect(logEvent(entry({ method: 'SMTP', endpoint: 'DATA', status: 550, detail: 'refused: sender not approved' }))).toEqual({
      text: 'Refused mail: not an approved sender',
      failed: true,
    });
    const named = entry({ method: 'SMTP', endpoint: 'DATA', status: 550, detail: 'refused: sender not approved: x@y.example' });
    expect(logEvent(named).text).toBe('Refused mail from x@y.example: not an approved sender');
    expect(logEvent(entry({ method: 'SMTP', endpoint: 'DATA', status: 250, detail: 'delivered' })).text).toBe('Mail delivered');
    expect(logEvent(entry({ method: 'SMTP', endpoint: 'RCPT', status: 550, detail: 'something new' })).text).toBe(
      'Refused mail: something new',
    );
  });

  it('counts trashed, restored and shredded messages', () => {
    expect(logEvent(entry({ endpoint: 'trash_messages', detail: '2 message(s)' })).text).toBe('2 messages moved to the trash');
    expect(logEvent(entry({ method: 'DELETE', endpoint: 'trash', detail: '1 message(s)' })).text).toBe(
      '1 message shredded from the trash',
    );
  });
});
