import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { api, ApiError, setClientHooks } from '../../api/client';
import { dismissFlash, getFlash } from '../../lib/flash-store';
import { askToConfirm, ReauthDialog } from './reauth-dialog';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const STALE = { success: false, code: 'REAUTH_REQUIRED', msg: 'Please confirm it’s you.' };

let calls: Array<{ method: string; url: string; body: unknown }>;
beforeEach(() => {
  calls = [];
  dismissFlash();
  setClientHooks({ reauthenticate: askToConfirm });
});
afterEach(() => vi.unstubAllGlobals());

/** The API as the SPA meets it: the token call is refused until the session was confirmed with 'right-password'. */
function stubApi() {
  let confirmed = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? 'GET', url, body });
      if (url.endsWith('/reauth')) {
        if (body.password !== 'right-password') {
          return json({ success: false, code: 'VALIDATION', msg: 'Your current password is incorrect.' }, 400);
        }
        confirmed = true;
        return json({ success: true, msg: 'Thank you.' });
      }
      return confirmed ? json({ success: true, token: 'amt_new' }, 201) : json(STALE, 403);
    }),
  );
}

describe('"Confirm it’s you" (docs/security.md W17)', () => {
  it('opens on a refused credential change, confirms the session with the password, and the change goes through', async () => {
    stubApi();
    render(<ReauthDialog userId={7} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const change = api('POST /api/account/:id/tokens', { params: { id: 7 }, body: { label: 'ci', scope: 'read' } });

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm it’s you' }));
    expect(dialog.getByText(STALE.msg)).toBeTruthy();
    // A wrong password keeps the dialog open with the server's message.
    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'wrong' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(getFlash()?.message).toBe('Your current password is incorrect.'));
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.change(dialog.getByLabelText('Your password'), { target: { value: 'right-password' } });
    fireEvent.change(dialog.getByLabelText(/Authentication code/), { target: { value: ' 123456 ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));

    expect((await change).token).toBe('amt_new');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/account/7/tokens',
      'POST /api/account/7/reauth',
      'POST /api/account/7/reauth',
      'POST /api/account/7/tokens',
    ]);
    expect(calls[2]!.body).toEqual({ password: 'right-password', otp: '123456' });
    expect(calls[3]!.body).toEqual(calls[0]!.body);
  });

  it('Cancel fails the change without retrying it; parallel refusals share one dialog', async () => {
    stubApi();
    render(<ReauthDialog userId={7} />);
    const first = api('POST /api/account/:id/tokens', { params: { id: 7 }, body: { label: 'a', scope: 'read' } }).catch(
      (e: unknown) => e,
    );
    const second = api('DELETE /api/account/:id/passkeys/:passkeyId', { params: { id: 7, passkeyId: 3 } }).catch(
      (e: unknown) => e,
    );
    await screen.findByRole('dialog');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    for (const outcome of [await first, await second]) {
      expect(outcome).toBeInstanceOf(ApiError);
      expect((outcome as ApiError).code).toBe('REAUTH_REQUIRED');
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
