import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLASH, REQUEST_TIMEOUT_MS } from '@app/shared';
import { dismissFlash, getFlash } from '../lib/flash-store';
import { api, ApiError, apiUrl, flashFor, safeRedirectPath, setClientHooks } from './client';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const redirect = vi.fn();
const unauthorized = vi.fn();

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  redirect.mockReset();
  unauthorized.mockReset();
  setClientHooks({ redirect, unauthorized });
  dismissFlash();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('flashFor (docs/product.md §7 response handling)', () => {
  it('shows msg in success style when success, danger otherwise', () => {
    expect(flashFor({ body: { success: true, msg: 'Saved' }, failed: false })).toEqual({ type: 'success', message: 'Saved' });
    expect(flashFor({ body: { success: false, msg: 'Nope' }, failed: false })).toEqual({ type: 'danger', message: 'Nope' });
    expect(flashFor({ body: { success: false, msg: 'Bad', code: 'VALIDATION' }, failed: true })).toEqual({
      type: 'danger',
      message: 'Bad',
    });
  });
  it("shows 'There was a problem!' for a failure without a message", () => {
    expect(flashFor({ failed: true })).toEqual({ type: 'danger', message: FLASH.problem });
    expect(flashFor({ body: { success: false, msg: '  ' }, failed: true })).toEqual({ type: 'danger', message: FLASH.problem });
  });
  it('shows nothing for a quiet success, a signed-out silent check, or a caller abort', () => {
    expect(flashFor({ body: { success: true }, failed: false })).toBeNull();
    expect(flashFor({ body: { success: false }, failed: false })).toBeNull();
    expect(flashFor({ failed: true, aborted: true })).toBeNull();
  });
});

describe('request', () => {
  it('GETs with same-origin credentials and no CSRF header', async () => {
    fetchMock.mockResolvedValue(json({ success: true, aliases: [] }));
    const res = await api('GET /api/account/:id/aliases', { params: { id: 1 } });
    expect(res.aliases).toEqual([]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/1/aliases');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers['X-Requested-With']).toBeUndefined();
    expect(init.body).toBeUndefined();
  });

  it('sends the CSRF header and a JSON body on every write, {} when there is no body', async () => {
    fetchMock.mockImplementation(async () => json({ success: true }));
    await api('PUT /api/account/:id/alias/:aliasId/mark_messages', {
      params: { id: 1, aliasId: 2 },
      body: { message_ids: [1], type: 'read' },
    });
    await api('POST /api/logout');
    await api('DELETE /api/account/:id/alias/:aliasId/message/:messageId', { params: { id: 1, aliasId: 2, messageId: 3 } });
    for (const [, init] of fetchMock.mock.calls) {
      expect(init.headers['X-Requested-With']).toBe('fetch');
      expect(init.headers['Content-Type']).toBe('application/json');
    }
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body)).toEqual({ message_ids: [1], type: 'read' });
    expect(fetchMock.mock.calls[1]![1].body).toBe('{}');
    expect(fetchMock.mock.calls[2]![1].method).toBe('DELETE');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/account/1/alias/2/mark_messages',
      '/api/logout',
      '/api/account/1/alias/2/message/3',
    ]);
  });

  it('flashes msg in success style', async () => {
    fetchMock.mockResolvedValue(json({ success: true, msg: 'Alias created!', handle: 'abcd' }));
    await api('POST /api/account/:id/alias', { params: { id: 1 } });
    expect(getFlash()).toMatchObject({ type: 'success', message: 'Alias created!' });
  });

  it('flashes the error msg in danger style and throws an ApiError with status and code', async () => {
    fetchMock.mockResolvedValue(json({ success: false, msg: 'Invalid user ID or password', code: 'UNAUTHENTICATED' }, 401));
    const err = await api('POST /api/login', { body: { handle: 'x', password: 'y' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(getFlash()).toMatchObject({ type: 'danger', message: 'Invalid user ID or password' });
    // A failed login is not "the session ended".
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it("flashes 'There was a problem!' on a network error, a 5xx without body, or a non-JSON body", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('GET /api/init')).rejects.toBeInstanceOf(ApiError);
    expect(getFlash()).toMatchObject({ type: 'danger', message: FLASH.problem });

    dismissFlash();
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await expect(api('GET /api/init')).rejects.toMatchObject({ status: 502 });
    expect(getFlash()?.message).toBe(FLASH.problem);

    dismissFlash();
    fetchMock.mockResolvedValueOnce(new Response('<html>oops</html>', { status: 200 }));
    await expect(api('GET /api/init')).rejects.toBeInstanceOf(ApiError);
    expect(getFlash()?.message).toBe(FLASH.problem);
  });

  it('reports a 401 on other calls as the end of the session', async () => {
    fetchMock.mockResolvedValue(json({ success: false, msg: 'Sign in first', code: 'UNAUTHENTICATED' }, 401));
    await expect(api('GET /api/account/:id/aliases', { params: { id: 1 } })).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('follows meta.redirect to same-origin paths only', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, meta: { redirect: '/account/subscription' } }));
    await api('GET /api/init');
    expect(redirect).toHaveBeenCalledWith('/account/subscription');
    fetchMock.mockResolvedValueOnce(json({ success: true, meta: { redirect: '//evil.example/' } }));
    await api('GET /api/init');
    fetchMock.mockResolvedValueOnce(json({ success: true, meta: { redirect: 'https://evil.example/' } }));
    await api('GET /api/init');
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('times out after 120 s as a load error', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api('GET /api/init').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(getFlash()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    const err = await pending;
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).timedOut).toBe(true);
    expect(getFlash()?.message).toBe(FLASH.problem);
  });

  it('does not flash when the caller aborts (a query cancelled by navigation)', async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = api('GET /api/init', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toBeInstanceOf(DOMException);
    expect(getFlash()).toBeNull();
  });

  it('does not flash when the caller aborts while the body is still arriving', async () => {
    const controller = new AbortController();
    fetchMock.mockResolvedValueOnce({
      ok: true,
      status: 200,
      text: () => {
        controller.abort();
        return Promise.reject(new DOMException('aborted', 'AbortError'));
      },
    });
    const pending = api('GET /api/init', { signal: controller.signal }).catch((e: unknown) => e);
    expect(await pending).toBeInstanceOf(DOMException);
    expect(getFlash()).toBeNull();
  });
});

describe('a route of the table', () => {
  it('is called with its method at its path, each parameter encoded, and its query', async () => {
    fetchMock.mockImplementation(async () => json({ success: true, messages: [], next_cursor: null, partial: false }));
    await api('GET /api/account/:id/search', {
      params: { id: 7 },
      query: { q: 'from:a&b c', alias_id: undefined, cursor: '42' },
    });
    await api('GET /api/reset/:code/passkeys', { params: { code: 'a/b?c#d' } });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET /api/account/7/search?q=from%3Aa%26b+c&cursor=42',
      'GET /api/reset/a%2Fb%3Fc%23d/passkeys',
    ]);
  });

  it('gives the URL of a download, a stream or a page', () => {
    expect(apiUrl('GET /api/account/:id/alias/:aliasId/export.mbox', { params: { id: 1, aliasId: 2 } })).toBe(
      '/api/account/1/alias/2/export.mbox',
    );
    expect(
      apiUrl('GET /viewer/:userId/:aliasId/:messageId', {
        params: { userId: 1, aliasId: 2, messageId: 3 },
        query: { images: '1' },
      }),
    ).toBe('/viewer/1/2/3?images=1');
    expect(apiUrl('GET /api/docs')).toBe('/api/docs');
  });
});

describe('safeRedirectPath', () => {
  it('accepts absolute paths and refuses other origins', () => {
    expect(safeRedirectPath('/account/feed')).toBe('/account/feed');
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath('javascript:alert(1)')).toBeNull();
    expect(safeRedirectPath(42)).toBeNull();
  });
});

describe('a credential change from a stale session (docs/security.md W17)', () => {
  const stale = () => json({ success: false, code: 'REAUTH_REQUIRED', msg: 'Please confirm it’s you.' }, 403);

  it('asks once to confirm, then sends the same request again and answers with the retry', async () => {
    const reauthenticate = vi.fn(async () => true);
    setClientHooks({ reauthenticate });
    fetchMock.mockResolvedValueOnce(stale()).mockResolvedValueOnce(json({ success: true, token: 'amt_x' }, 201));
    const res = await api('POST /api/account/:id/tokens', { params: { id: 7 }, body: { label: 'ci', scope: 'read' } });
    expect(res.token).toBe('amt_x');
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    expect(reauthenticate).toHaveBeenCalledWith('Please confirm it’s you.');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = fetchMock.mock.calls;
    expect(second![0]).toBe(first![0]);
    expect(second![1].method).toBe('POST');
    expect(second![1].body).toBe(first![1].body);
    // The refusal that was answered by the dialog is not flashed.
    expect(getFlash()).toBeNull();
  });

  it('a cancelled confirmation fails the request with the message; a second refusal asks no more', async () => {
    setClientHooks({ reauthenticate: async () => false });
    fetchMock.mockResolvedValueOnce(stale());
    const cancelled = await api('DELETE /api/account/:id/passkeys/:passkeyId', { params: { id: 7, passkeyId: 2 } }).catch(
      (e: unknown) => e,
    );
    expect(cancelled).toBeInstanceOf(ApiError);
    expect((cancelled as ApiError).code).toBe('REAUTH_REQUIRED');
    expect(getFlash()?.message).toBe('Please confirm it’s you.');

    const reauthenticate = vi.fn(async () => true);
    setClientHooks({ reauthenticate });
    fetchMock.mockResolvedValueOnce(stale()).mockResolvedValueOnce(stale());
    const again = await api('POST /api/account/:id/totp', { params: { id: 7 } }).catch((e: unknown) => e);
    expect((again as ApiError).status).toBe(403);
    expect(reauthenticate).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('other 403s never open the dialog', async () => {
    const reauthenticate = vi.fn(async () => true);
    setClientHooks({ reauthenticate });
    fetchMock.mockResolvedValueOnce(json({ success: false, code: 'FORBIDDEN', msg: 'No.' }, 403));
    await expect(api('GET /api/admin/users')).rejects.toBeInstanceOf(ApiError);
    expect(reauthenticate).not.toHaveBeenCalled();
  });
});
