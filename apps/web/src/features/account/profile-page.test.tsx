import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ACCESS_MSG, FLASH, RULE_MESSAGES, profileFlash, type User } from '@app/shared';
import { authKey } from '../auth/queries';
import { dismissFlash, getFlash } from '../../lib/flash-store';
import ProfilePage from './profile-page';
import { apiTokenKeys, totpKeys } from './queries';

const USER: User = {
  id: 7,
  handle: 'ada_l',
  name: 'Ada',
  email: 'ada@example.com',
  mobile: null,
  site_handle_prefix: false,
  approved: '2024-01-01T00:00:00.000Z',
  registered: '2024-01-01T00:00:00.000Z',
  is_admin: false,
  subscription: { package_id: 1, expires: null },
};

function renderPage() {
  // Seeded and fresh, so the page's own reads never reach the stubbed fetch of a test.
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(authKey, USER);
  qc.setQueryData(totpKeys.all(USER.id), { enabled: false, recovery_codes_left: 0 });
  qc.setQueryData(apiTokenKeys.all(USER.id), []);
  render(
    <QueryClientProvider client={qc}>
      <ProfilePage />
    </QueryClientProvider>,
  );
  return qc;
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  dismissFlash();
});

describe('Profile (docs/product.md §2, §5 "Buttons")', () => {
  it('shows each field, and goes view → edit → cancel', () => {
    renderPage();
    expect(section('Profile name').getByText('Ada')).toBeTruthy();
    expect(section('Username').getByText('ada_l')).toBeTruthy();
    expect(section('Email').getByText('ada@example.com')).toBeTruthy();
    expect(section('Phone').getByText('Not set')).toBeTruthy();
    fireEvent.click(section('Profile name').getByRole('button', { name: 'Edit profile name' }));
    expect(section('Profile name').getByLabelText('Name')).toBeTruthy();
    fireEvent.click(section('Profile name').getByRole('button', { name: 'Cancel' }));
    expect(section('Profile name').queryByLabelText('Name')).toBeNull();
  });

  it('name Save is disabled when empty or unchanged', () => {
    renderPage();
    const s = section('Profile name');
    fireEvent.click(s.getByRole('button', { name: 'Edit profile name' }));
    const save = s.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(s.getByLabelText('Name'), { target: { value: '   ' } });
    expect(save.disabled).toBe(true);
    fireEvent.change(s.getByLabelText('Name'), { target: { value: 'Ada L.' } });
    expect(save.disabled).toBe(false);
  });

  it('username and email Save are disabled when empty or unchanged; password Save when empty', () => {
    renderPage();
    const u = section('Username');
    fireEvent.click(u.getByRole('button', { name: 'Edit username' }));
    const uSave = u.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(uSave.disabled).toBe(true);
    fireEvent.change(u.getByLabelText('New username'), { target: { value: '' } });
    expect(uSave.disabled).toBe(true);
    fireEvent.change(u.getByLabelText('New username'), { target: { value: 'ada_2' } });
    expect(uSave.disabled).toBe(false);

    const e = section('Email');
    fireEvent.click(e.getByRole('button', { name: 'Edit email' }));
    const eSave = e.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(eSave.disabled).toBe(true);
    fireEvent.change(e.getByLabelText('New email'), { target: { value: 'ADA@example.com' } });
    expect(eSave.disabled).toBe(true);
    fireEvent.change(e.getByLabelText('New email'), { target: { value: 'new@example.com' } });
    expect(eSave.disabled).toBe(false);

    const p = section('Password');
    fireEvent.click(p.getByRole('button', { name: 'Edit password' }));
    const pSave = p.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(pSave.disabled).toBe(true);
    fireEvent.change(p.getByLabelText('New password'), { target: { value: 'x' } });
    expect(pSave.disabled).toBe(false);
  });

  it('sends only the changed field with the current password, and keeps the permanent e-mail notice', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return json({ success: false, msg: FLASH.cannotChangeEmail, code: 'BAD_REQUEST' }, 400);
      }),
    );
    renderPage();
    const e = section('Email');
    fireEvent.click(e.getByRole('button', { name: 'Edit email' }));
    fireEvent.change(e.getByLabelText('New email'), { target: { value: 'new@example.com' } });
    fireEvent.change(e.getByLabelText('Current password'), { target: { value: 'secret-pass' } });
    fireEvent.click(e.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(e.getByRole('status').textContent).toBe(FLASH.cannotChangeEmail));
    expect(calls).toEqual([{ url: '/api/account/7', body: { email: 'new@example.com', old_password: 'secret-pass' } }]);
  });

  it('the site prefix switch saves at once and shows the saved setting', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return json({ success: true, msg: ACCESS_MSG.sitePrefixOn, user: { ...USER, site_handle_prefix: true } });
      }),
    );
    renderPage();
    const toggle = section('Aliases made for a site').getByRole('switch') as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(calls).toEqual([{ url: '/api/account/7', body: { site_handle_prefix: true } }]);
    expect(getFlash()?.message).toBe(ACCESS_MSG.sitePrefixOn);
  });

  it('shows a rule beside its field (with aria-describedby) as well as in the flash, without a request', async () => {
    const fetch = vi.fn(async (_url: string) => json({ success: true }));
    vi.stubGlobal('fetch', fetch);
    renderPage();
    const u = section('Username');
    fireEvent.click(u.getByRole('button', { name: 'Edit username' }));
    const input = u.getByLabelText('New username');
    fireEvent.change(input, { target: { value: 'no spaces!' } });
    fireEvent.click(u.getByRole('button', { name: 'Save' }));
    const text = profileFlash('username', RULE_MESSAGES.accountHandle);
    const beside = await u.findByText(text);
    expect(beside.className).toBe('field-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(beside.id);
    // The only requests are the sections' own reads (passkeys, spam mode): the rule was checked without saving.
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual(['/api/account/7/passkeys', '/api/account/7/spam']);
    expect(getFlash()).toMatchObject({ type: 'danger', message: text });
    // Editing again starts clean.
    fireEvent.click(u.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(u.getByRole('button', { name: 'Edit username' }));
    expect(u.queryByText(text)).toBeNull();
  });

  it("puts the server's answer beside the field it is about: a wrong current password beside that field", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: false, msg: ACCESS_MSG.wrongCurrentPassword, code: 'FORBIDDEN' }, 403)),
    );
    renderPage();
    const p = section('Password');
    fireEvent.click(p.getByRole('button', { name: 'Edit password' }));
    fireEvent.change(p.getByLabelText('New password'), { target: { value: 'a-good-password' } });
    fireEvent.change(p.getByLabelText('Current password'), { target: { value: 'wrong-one' } });
    fireEvent.click(p.getByRole('button', { name: 'Save' }));
    const beside = await p.findByText(ACCESS_MSG.wrongCurrentPassword);
    expect(p.getByLabelText('Current password').getAttribute('aria-describedby')).toBe(beside.id);
    expect((p.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect(p.getByLabelText('New password').getAttribute('aria-invalid')).toBe('false');
    expect(getFlash()).toMatchObject({ type: 'danger', message: ACCESS_MSG.wrongCurrentPassword });
  });

  it('Generate fills the field from the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: true, handle: 'brave_otter_1234' })),
    );
    renderPage();
    const u = section('Username');
    fireEvent.click(u.getByRole('button', { name: 'Edit username' }));
    fireEvent.click(u.getByRole('button', { name: 'Generate a username' }));
    await waitFor(() => expect((u.getByLabelText('New username') as HTMLInputElement).value).toBe('brave_otter_1234'));
  });
});
