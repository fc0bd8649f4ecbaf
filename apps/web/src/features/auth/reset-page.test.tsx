import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ACCESS_MSG, type Passkey } from '@app/shared';
import { dismissFlash } from '../../lib/flash-store';
import ResetPage from './reset-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const key = (id: number, name: string): Passkey => ({ id, name, created: '2026-01-02T03:04:05.000Z', last_used: null });

afterEach(() => {
  vi.unstubAllGlobals();
  dismissFlash();
});

function renderReset(code: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/auth/reset/${code}`]}>
        <Routes>
          <Route path="/auth/reset/:encodedRequest" element={<ResetPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Reset page › passkeys (docs/security.md W18)', () => {
  it('lists the passkeys of the link and removes one with the code', async () => {
    let passkeys = [key(1, 'Phone'), key(2, 'Unknown key')];
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        if (init.method === 'DELETE') passkeys = passkeys.filter((p) => !url.endsWith(`/${p.id}`));
        return json({ success: true, passkeys });
      }),
    );
    renderReset('c0de');
    const list = within((await screen.findByRole('heading', { name: 'Your passkeys' })).parentElement!);
    expect(list.getByText('Phone')).toBeTruthy();
    fireEvent.click(list.getByRole('button', { name: 'Remove Unknown key' }));
    await waitFor(() => expect(list.queryByText('Unknown key')).toBeNull());
    expect(list.getByText('Phone')).toBeTruthy();
    expect(calls).toEqual(['GET /api/reset/c0de/passkeys', 'DELETE /api/reset/c0de/passkeys/2']);
  });

  it('a dead link says so on the page at once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: false, code: 'NOT_FOUND', msg: ACCESS_MSG.invalidReset }, 404)),
    );
    renderReset('used');
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByText(ACCESS_MSG.invalidReset)).toBeTruthy();
  });
});
