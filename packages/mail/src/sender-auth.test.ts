import { describe, expect, it } from 'vitest';
import type { AuthVerdict } from '@app/shared';
import { admits, authWarnings, AUTH_WARNINGS } from './sender-auth';

const verdict = (v: Partial<AuthVerdict>): AuthVerdict => ({
  spf: 'none',
  dkim: 'none',
  dmarc: 'none',
  arc: 'none',
  from: 'alerts@bank.example',
  policy: null,
  sender: 'authenticated',
  ...v,
});
const restricted = { isWhitelisted: true, senders: ['*.bank.example'], sourceSenders: [] };

describe('admits (A2, A5, A6)', () => {
  it('an open alias admits everything', () => {
    expect(admits({ isWhitelisted: false, senders: [], sourceSenders: [] }, verdict({ sender: 'failed', from: null }))).toEqual({
      admit: true,
      unverified: false,
    });
  });

  it('a restricted alias needs an approved From AND an authenticated or unverifiable domain', () => {
    expect(admits(restricted, verdict({}))).toEqual({ admit: true, unverified: false });
    expect(admits(restricted, verdict({ sender: 'unverified' }))).toEqual({ admit: true, unverified: true });
    expect(admits(restricted, verdict({ sender: 'failed' }))).toEqual({ admit: false, refusal: 'not authenticated' });
    expect(admits(restricted, verdict({ sender: 'temporary' }))).toEqual({ admit: false, refusal: 'temporary' });
    expect(admits(restricted, verdict({ from: 'x@evilbank.example' }))).toEqual({ admit: false, refusal: 'not approved' });
    // A4: no single From mailbox is never approved.
    expect(admits(restricted, verdict({ from: null }))).toEqual({ admit: false, refusal: 'not approved' });
  });
});

describe('authWarnings', () => {
  it('warns strongly of a DMARC fail under quarantine/reject, everywhere', () => {
    expect(authWarnings(verdict({ dmarc: 'fail', policy: 'reject', sender: 'failed' }), false)).toEqual([
      AUTH_WARNINGS.forged('bank.example'),
    ]);
    expect(authWarnings(verdict({ dmarc: 'fail', policy: 'none', sender: 'failed' }), false)).toEqual([]);
  });

  it('notes an unverified sender on a restricted alias only', () => {
    expect(authWarnings(verdict({ sender: 'unverified' }), true)).toEqual([AUTH_WARNINGS.unverified]);
    expect(authWarnings(verdict({ sender: 'unverified' }), false)).toEqual([]);
  });
});
