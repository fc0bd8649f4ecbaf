import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_TOKEN_MSG, EXTENSION_CONNECT, EXTENSION_CONNECTED, EXTENSION_TOKEN_LABEL, type ApiToken } from '@app/shared';
import { getFlash } from '../../lib/flash-store';
import { dismissFlash } from '../../lib/flash-store';
import { ApiTokensSection } from './api-tokens-section';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const TOKEN: ApiToken = {
  id: 3,
  label: 'backup',
  scope: 'write',
  created: '2026-01-02T03:04:05.000Z',
  last_used: null,
  expires: '2027-01-01T00:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  dismissFlash();
});

describe('Profile › API tokens (docs/product.md §2)', () => {
  it('creates a token, shows its secret once, lists it and revokes it', async () => {
    let tokens: ApiToken[] = [];
    const calls: Array<{ method: string; url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const method = init.method ?? 'GET';
        calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if (method === 'POST') {
          tokens = [TOKEN];
          return json({ success: true, msg: API_TOKEN_MSG.created, token: 'amt_secret', api_token: TOKEN }, 201);
        }
        if (method === 'DELETE') {
          tokens = [];
          return json({ success: true, msg: API_TOKEN_MSG.revoked, tokens });
        }
        return json({ success: true, tokens });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ApiTokensSection userId={7} />
      </QueryClientProvider>,
    );
    const section = within(screen.getByRole('region', { name: 'API tokens' }));
    await section.findByText('No API tokens yet.');
    fireEvent.change(section.getByLabelText('Label'), { target: { value: ' backup ' } });
    fireEvent.change(section.getByLabelText('Scope'), { target: { value: 'write' } });
    // 90 days unless chosen otherwise; "never" comes with a warning.
    expect((section.getByLabelText('Expires') as HTMLSelectElement).value).toBe('90');
    expect(section.queryByText(API_TOKEN_MSG.noExpiryWarning)).toBeNull();
    fireEvent.change(section.getByLabelText('Expires'), { target: { value: 'never' } });
    expect(section.getByText(API_TOKEN_MSG.noExpiryWarning)).toBeTruthy();
    fireEvent.change(section.getByLabelText('Expires'), { target: { value: '30' } });
    fireEvent.click(section.getByRole('button', { name: 'Create token' }));

    expect(((await section.findByLabelText('New API token')) as HTMLInputElement).value).toBe('amt_secret');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/account/7/tokens',
      body: { label: 'backup', scope: 'write', expires_in_days: 30 },
    });
    const row = within(await section.findByRole('row', { name: /backup/ }));
    expect(row.getByText('Read and write')).toBeTruthy();

    fireEvent.click(section.getByRole('button', { name: 'Done' }));
    expect(section.queryByLabelText('New API token')).toBeNull();
    fireEvent.click(section.getByRole('button', { name: 'Revoke backup' }));
    await section.findByText('No API tokens yet.');
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/account/7/tokens/3')).toBe(true);
    await waitFor(() => expect(section.queryByText('backup')).toBeNull());
  });

  describe('Connect the browser extension (docs/extension.md)', () => {
    /** Stands in for the extension's content script: it answers the hand-over on this window. */
    function extensionAnswering(answer: { ok: boolean; error?: string }) {
      const seen: unknown[] = [];
      const listener = (e: MessageEvent) => {
        if (e.data?.type !== EXTENSION_CONNECT) return;
        seen.push(e.data);
        // jsdom's postMessage fills in neither `origin` nor `source`, which the page checks: a browser's would.
        const data = { type: EXTENSION_CONNECTED, ...answer };
        window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin, source: window }));
      };
      window.addEventListener('message', listener);
      return { seen, stop: () => window.removeEventListener('message', listener) };
    }

    function renderWithTokenServer(bodies: unknown[]) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (_url: string, init: RequestInit) => {
          if (init.method === 'POST') {
            bodies.push(JSON.parse(String(init.body)));
            return json(
              {
                success: true,
                msg: API_TOKEN_MSG.created,
                token: 'amt_fresh',
                api_token: { ...TOKEN, label: EXTENSION_TOKEN_LABEL },
              },
              201,
            );
          }
          return json({ success: true, tokens: [] });
        }),
      );
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ApiTokensSection userId={7} />
        </QueryClientProvider>,
      );
      return within(screen.getByRole('region', { name: 'API tokens' }));
    }

    it('mints a write token and hands it to the extension, which takes it: the secret is never shown', async () => {
      const extension = extensionAnswering({ ok: true });
      const bodies: unknown[] = [];
      const section = renderWithTokenServer(bodies);
      fireEvent.click(section.getByRole('button', { name: 'Connect the browser extension' }));
      await waitFor(() => expect(getFlash()?.message).toBe('The browser extension is connected.'));
      expect(bodies).toEqual([{ label: EXTENSION_TOKEN_LABEL, scope: 'write', expires_in_days: 90 }]);
      expect(extension.seen).toEqual([{ type: EXTENSION_CONNECT, token: 'amt_fresh' }]);
      expect(section.queryByLabelText('New API token')).toBeNull();
      extension.stop();
    });

    it('shows the token with the extension’s reason when it refuses it', async () => {
      const extension = extensionAnswering({ ok: false, error: 'Start the connection from the extension’s settings first.' });
      const section = renderWithTokenServer([]);
      fireEvent.click(section.getByRole('button', { name: 'Connect the browser extension' }));
      expect(((await section.findByLabelText('New API token')) as HTMLInputElement).value).toBe('amt_fresh');
      expect(section.getByText('Start the connection from the extension’s settings first.')).toBeTruthy();
      extension.stop();
    });
  });
});
