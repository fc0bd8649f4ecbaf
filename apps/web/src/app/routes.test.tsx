// The router, guards and screens against an in-memory stand-in for the API (fetch is the only seam).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import type { Alias, Message, MessageDetail, MessageSummary, User } from '@app/shared';
import { EMPTY } from '@app/shared';
import { queryClient } from '../api/query-client';
import { dismissFlash, getFlash } from '../lib/flash-store';
import { connectClient, routes } from './routes';
import { DataRoutes } from '../router/data-router';

// ---- a tiny fake API ----
type Call = { method: string; url: string; headers: Record<string, string>; body: unknown };
let signedIn: User | null;
let aliases: Alias[];
let messages: Record<number, Message[]>;
let calls: Call[];
/** Messages per page of the fake list (the real API sends 50). */
let pageSize = 50;

const baseUser: User = {
  id: 2,
  handle: 'alice',
  name: 'Alice',
  email: 'alice@example.com',
  mobile: null,
  site_handle_prefix: false,
  approved: '2025-01-01T00:00:00Z',
  registered: '2025-01-01T00:00:00Z',
  is_admin: false,
  subscription: null,
};

function makeAlias(id: number, over: Partial<Alias> = {}): Alias {
  return {
    id,
    handle: `alias${id}`,
    address: `alias${id}@alias.localhost`,
    label: null,
    icon: null,
    source_id: null,
    source: null,
    user_id: 2,
    domain_id: 1,
    unread_count: 0,
    total_count: 0,
    contacted_unix: null,
    created_unix: 1_700_000_000 + id,
    created: '2025-01-01T00:00:00Z',
    accessed: null,
    updated: '2025-01-01T00:00:00Z',
    lifespan: 7,
    digest: null,
    is_active: true,
    is_trashed: false,
    is_whitelisted: false,
    senders: [],
    specialty: null,
    notify: 'none',
    spam_mode: null,
    last_message: null,
    origin: null,
    leak: null,
    shared_senders: false,
    leak_ignored: [],
    expires: null,
    max_messages: null,
    expired: false,
    pinned: false,
    ...over,
  };
}

function makeMessage(id: number, aliasId: number, over: Partial<MessageDetail> = {}): MessageDetail {
  return {
    id,
    alias_id: aliasId,
    sender_label: 'Shop',
    sender_address: 'news@shop.example',
    subject: `Subject ${id}`,
    snippet: `First words of message ${id}`,
    sent: '2025-06-01T10:00:00Z',
    sent_unix: 1_748_772_000,
    created: '2025-06-01T10:00:00Z',
    html: false,
    opened: null,
    opened_unix: null,
    direction: 'in',
    state: 'ok',
    attachments_count: 0,
    unsubscribe: [],
    verification: { code: null, link: null },
    spam: { score: null, action: null },
    text: 'Hello, see https://example.com/offer for details.',
    attachments: [],
    auth: null,
    warnings: [],
    block: null,
    trackers: [],
    thread_key: null,
    ...over,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function summary(m: Message): MessageSummary {
  const { text: _t, attachments: _a, auth: _au, warnings: _w, ...rest } = m;
  return rest;
}

async function fakeFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? 'GET';
  const url = new URL(input, 'http://app.test');
  const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
  calls.push({ method, url: url.pathname + url.search, headers: (init.headers ?? {}) as Record<string, string>, body });
  const p = url.pathname;
  const unauth = () => json({ success: false, msg: 'Sign in first', code: 'UNAUTHENTICATED' }, 401);
  if (p === '/api/init')
    return json({ success: true, packages: [], sources: [], domains: [], keys: {}, trash_grace_minutes: 10 });
  if (p === '/api/authentication_silent') return json(signedIn ? { success: true, user: signedIn } : { success: false });
  if (p === '/api/login') {
    if (body?.handle === 'alice' && body?.password === 'correct horse') {
      signedIn = baseUser;
      return json({ success: true, user: baseUser });
    }
    if (body?.handle === 'bob' && body?.password === 'correct horse')
      return json({ success: false, otp_required: true, methods: ['passkey'] });
    return json({ success: false, msg: 'Invalid user ID or password', code: 'UNAUTHENTICATED' }, 401);
  }
  if (p === '/api/logout') {
    signedIn = null;
    return json({ success: true });
  }
  if (!signedIn) return unauth();
  let m: RegExpMatchArray | null;
  if (p === `/api/account/${signedIn.id}/aliases`) return json({ success: true, aliases });
  if ((m = p.match(/^\/api\/account\/\d+\/alias\/(\d+)$/))) {
    const a = aliases.find((x) => x.id === Number(m![1]));
    return a ? json({ success: true, alias: a }) : json({ success: false, msg: 'Not found', code: 'NOT_FOUND' }, 404);
  }
  if (p === `/api/account/${signedIn.id}/messages`) {
    // All mail: each alias's messages, newest first, each its own conversation.
    const all = Object.values(messages)
      .flat()
      .map((x) => ({ ...summary(x), thread_key: null, thread_count: 1 }))
      .sort((a, b) => b.id - a.id);
    return json({ success: true, messages: all, next_cursor: null });
  }
  if ((m = p.match(/^\/api\/account\/\d+\/alias\/(\d+)\/messages$/))) {
    const all = (messages[Number(m[1])] ?? []).map(summary);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const next = start + pageSize < all.length ? String(start + pageSize) : null;
    return json({ success: true, messages: all.slice(start, start + pageSize), next_cursor: next });
  }
  if ((m = p.match(/^\/api\/account\/\d+\/alias\/(\d+)\/message\/(\d+)$/))) {
    const msg = (messages[Number(m[1])] ?? []).find((x) => x.id === Number(m![2]));
    if (!msg) return json({ success: false, msg: 'Not found', code: 'NOT_FOUND' }, 404);
    if (method === 'DELETE') {
      messages[Number(m[1])] = messages[Number(m[1])]!.filter((x) => x !== msg);
      return json({ success: true });
    }
    msg.opened = '2025-06-02T00:00:00Z';
    return json({ success: true, message: msg });
  }
  if ((m = p.match(/^\/api\/account\/\d+\/alias\/(\d+)\/mark_messages$/))) {
    for (const x of messages[Number(m[1])] ?? []) {
      if (body.message_ids.includes(x.id)) x.opened = body.type === 'read' ? '2025-06-02T00:00:00Z' : null;
    }
    return json({ success: true });
  }
  if ((m = p.match(/^\/api\/account\/\d+\/alias$/)) && method === 'POST') {
    const a = makeAlias(99, { handle: 'fresh99', address: 'fresh99@alias.localhost' });
    aliases = [...aliases, a];
    return json({ success: true, handle: a.handle, msg: 'Alias created!', alias: a });
  }
  return json({ success: false, msg: 'Not found', code: 'NOT_FOUND' }, 404);
}

function renderAt(path: string) {
  const history = createMemoryHistory({ initialEntries: [path] });
  connectClient();
  render(
    <QueryClientProvider client={queryClient}>
      <DataRoutes routes={routes} history={history} />
    </QueryClientProvider>,
  );
  return history;
}

const pathOf = (history: ReturnType<typeof createMemoryHistory>) => history.location.pathname;

beforeEach(() => {
  queryClient.clear();
  dismissFlash();
  signedIn = baseUser;
  aliases = [
    makeAlias(3, { label: 'Shopping', total_count: 2, unread_count: 1, contacted_unix: 1_700_000_500 }),
    makeAlias(5, { label: 'Newsletters', total_count: 1, unread_count: 1, contacted_unix: 1_700_000_900 }),
    makeAlias(7, { label: 'Spare' }),
  ];
  messages = {
    3: [makeMessage(30, 3), makeMessage(31, 3, { opened: '2025-06-01T00:00:00Z' })],
    5: [makeMessage(50, 5)],
    7: [],
  };
  calls = [];
  pageSize = 50;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

describe('redirects and the guard', () => {
  it('sends a visitor from /account/feed to the login page, before any account call', async () => {
    signedIn = null;
    const router = renderAt('/account/feed');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(pathOf(router)).toBe('/auth/login');
    expect(calls.some((c) => c.url.startsWith('/api/account'))).toBe(false);
  });

  it('/register goes to /auth/register/closed', async () => {
    signedIn = null;
    const router = renderAt('/register');
    await screen.findByRole('heading', { name: 'Registration is closed' });
    expect(pathOf(router)).toBe('/auth/register/closed');
  });

  it('the feed opens All mail when an alias has messages', async () => {
    const router = renderAt('/account/feed');
    await waitFor(() => expect(pathOf(router)).toBe('/mail'));
    await screen.findByRole('heading', { name: 'All mail' });
  });

  it('the feed goes to /alias/new without aliases', async () => {
    aliases = [];
    const router = renderAt('/account');
    await waitFor(() => expect(pathOf(router)).toBe('/alias/new'));
  });

  it('a non-admin on an admin route lands on /x, the not-found page', async () => {
    const router = renderAt('/admin/logs');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(pathOf(router)).toBe('/x');
  });

  it('the admin reaches /admin, redirected to the logs', async () => {
    signedIn = { ...baseUser, id: 1, is_admin: true };
    const router = renderAt('/admin');
    await waitFor(() => expect(pathOf(router)).toBe('/admin/logs'));
    expect(await screen.findByRole('link', { name: 'Invitations' })).toBeTruthy();
  });

  it('holds unregistered and unapproved accounts', async () => {
    signedIn = { ...baseUser, registered: null };
    const r1 = renderAt('/alias/3/inbox');
    await waitFor(() => expect(pathOf(r1)).toBe('/account/register'));
  });

  it('holds an unapproved account at /account/pending', async () => {
    signedIn = { ...baseUser, approved: null };
    const r = renderAt('/account/profile');
    await screen.findByRole('heading', { name: 'Your account is pending approval' });
    expect(pathOf(r)).toBe('/account/pending');
  });

  it('/alias/{id} opens the inbox, /alias/{handle}/settings the settings by id', async () => {
    const r1 = renderAt('/alias/3');
    await waitFor(() => expect(pathOf(r1)).toBe('/alias/3/inbox'));
  });

  it('resolves a handle in the alias path', async () => {
    const r = renderAt('/alias/alias5/settings');
    await waitFor(() => expect(pathOf(r)).toBe('/alias/5/settings'));
    await screen.findByRole('link', { name: 'Settings', current: 'page' });
  });

  it('unknown paths show the not-found page', async () => {
    signedIn = null;
    renderAt('/no/such/page');
    await screen.findByRole('heading', { name: 'Page not found' });
  });
});

describe('sign-in', () => {
  it('success goes to the feed', async () => {
    signedIn = null;
    const router = renderAt('/auth/login');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(pathOf(router)).toBe('/mail'));
    const login = calls.find((c) => c.url === '/api/login')!;
    expect(login.method).toBe('POST');
    expect(login.headers['X-Requested-With']).toBe('fetch');
    expect(login.body).toEqual({ handle: 'alice', password: 'correct horse' });
    // Signed in: the logged-in menu.
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('failure clears the password and stays at /auth/login', async () => {
    signedIn = null;
    const router = renderAt('/auth/login');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe(''));
    expect(pathOf(router)).toBe('/auth/login');
    expect(getFlash()?.type).toBe('danger');
  });

  it('a right password on an account with a passkey stays signed out and offers the passkey', async () => {
    signedIn = null;
    const router = renderAt('/auth/login');
    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bob' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Use a passkey' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    expect(pathOf(router)).toBe('/auth/login');
    expect(getFlash()).toBeNull();
  });

  it('logout goes to / with the logged-out menu', async () => {
    const router = renderAt('/alias/3/inbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(pathOf(router)).toBe('/'));
    await screen.findByRole('link', { name: 'Login' });
    expect(screen.queryByRole('complementary', { name: 'Your aliases' })).toBeNull();
  });
});

describe('session ended on the server', () => {
  it('a 401 on any call sends the screen to the login page', async () => {
    const router = renderAt('/alias/3/inbox');
    const list = await screen.findByRole('region', { name: 'Messages' });
    await within(list).findAllByRole('listitem');
    signedIn = null; // the session expired server-side
    fireEvent.click(screen.getByLabelText('Select all messages'));
    fireEvent.click(screen.getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(pathOf(router)).toBe('/auth/login'));
    await screen.findByRole('heading', { name: 'Sign in' });
  });
});

describe('sidebar', () => {
  it('lists Your Aliases with unread counts and the No Messages group', async () => {
    renderAt('/alias/3/inbox');
    const sidebar = await screen.findByRole('complementary', { name: 'Your aliases' });
    await within(sidebar).findByText('Newsletters');
    const withMessages = within(sidebar).getByRole('navigation', { name: 'Aliases with messages' });
    const names = within(withMessages)
      .getAllByRole('link')
      .map((a) => a.querySelector('.alias-name')?.textContent);
    expect(names).toEqual(['Newsletters', 'Shopping']);
    expect(
      within(withMessages)
        .getAllByTestId('unread-count')
        .map((e) => e.textContent),
    ).toEqual(['1', '1']);
    const none = within(sidebar).getByRole('navigation', { name: EMPTY.noMessages });
    expect(within(none).getByText('Spare')).toBeTruthy();
  });

  it('says what to do when the account has no alias yet', async () => {
    aliases = [];
    renderAt('/account/profile');
    const sidebar = await screen.findByRole('complementary', { name: 'Your aliases' });
    await within(sidebar).findByText(EMPTY.noAliases);
    expect(within(sidebar).queryByText(EMPTY.noRecent)).toBeNull();
  });

  it("shows 'No recent messages.' when no alias has mail, and Add Alias's dialog opens the new one", async () => {
    aliases = [makeAlias(7)];
    const router = renderAt('/alias/7/inbox');
    const sidebar = await screen.findByRole('complementary', { name: 'Your aliases' });
    await within(sidebar).findByText(EMPTY.noRecent);
    expect(await screen.findByText(EMPTY.noMessages, { selector: '.empty-state p' })).toBeTruthy();
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Add Alias' }));
    // Nothing is created until the dialog says so.
    const dialog = await screen.findByRole('dialog', { name: 'New alias' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create alias' }));
    await waitFor(() => expect(pathOf(router)).toBe('/alias/99/inbox'));
    // The flash names the new address and offers to copy it for the sign-up form.
    expect(getFlash()).toMatchObject({ type: 'success', message: expect.stringMatching(/^Your new alias is \S+@\S+\.$/) });
    expect(getFlash()?.action?.label).toBe('Copy');
  });
});

describe('inbox', () => {
  it('shows NEW on unread messages, selects all and marks them unread in bulk', async () => {
    renderAt('/alias/3/inbox');
    const list = await screen.findByRole('region', { name: 'Messages' });
    const rows = await within(list).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('NEW')).toBeTruthy();
    expect(within(rows[1]!).queryByText('NEW')).toBeNull();

    const markUnread = screen.getByRole('button', { name: 'Mark unread' }) as HTMLButtonElement;
    expect(markUnread.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select all messages'));
    expect(await screen.findByText('2 selected')).toBeTruthy();
    fireEvent.click(markUnread);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/mark_messages'))).toBe(true));
    const put = calls.find((c) => c.url.endsWith('/mark_messages'))!;
    expect(put.method).toBe('PUT');
    expect(put.body).toEqual({ message_ids: [30, 31], type: 'unread' });
    await waitFor(() => expect(within(list).getAllByText('NEW')).toHaveLength(2));
    expect(screen.queryByText('2 selected')).toBeNull();
  });

  it("shows each message's snippet as one line beside its subject, and nothing for a row without one", async () => {
    messages[3] = [makeMessage(30, 3, { snippet: 'Our <b>spring</b> sale starts today' }), makeMessage(31, 3, { snippet: null })];
    renderAt('/alias/3/inbox');
    const list = await screen.findByRole('region', { name: 'Messages' });
    const rows = await within(list).findAllByRole('listitem');
    expect(within(rows[0]!).getByText('Our <b>spring</b> sale starts today').className).toBe('message-snippet');
    expect(rows[0]!.querySelector('b')).toBeNull();
    expect(within(rows[1]!).getByText('Subject 31')).toBeTruthy();
    expect(rows[1]!.querySelector('.message-snippet')).toBeNull();
  });

  it('shows Copy code and Confirm on a row with a verification code and link, and nothing on a row without', async () => {
    messages[3] = [
      makeMessage(30, 3, { verification: { code: '482913', link: 'https://shop.example/confirm?t=1' } }),
      makeMessage(31, 3),
    ];
    renderAt('/alias/3/inbox');
    const list = await screen.findByRole('region', { name: 'Messages' });
    const rows = await within(list).findAllByRole('listitem');
    expect(within(rows[0]!).getByRole('button', { name: 'Copy code 482913' })).toBeTruthy();
    const confirm = within(rows[0]!).getByRole('link', { name: 'Confirm' });
    expect(confirm.getAttribute('href')).toBe('https://shop.example/confirm?t=1');
    expect(confirm.getAttribute('target')).toBe('_blank');
    expect(confirm.getAttribute('rel')).toBe('noopener noreferrer');
    // Outside the row's link: a button inside a link is neither valid nor reachable on its own.
    expect(confirm.closest('.message-link')).toBeNull();
    expect(rows[1]!.querySelector('.verification-actions')).toBeNull();
  });

  it('loads more pages by cursor', async () => {
    pageSize = 2;
    messages[3] = [makeMessage(30, 3), makeMessage(31, 3), makeMessage(32, 3)];
    renderAt('/alias/3/inbox');
    const list = await screen.findByRole('region', { name: 'Messages' });
    expect(await within(list).findAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(calls.some((c) => c.url === '/api/account/2/alias/3/messages?cursor=2')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('docs/security.md H10: a subject with markup renders literally', async () => {
    messages[3] = [makeMessage(30, 3, { subject: '<img src=x onerror=alert(1)>', sender_label: '<b>x</b>' })];
    renderAt('/alias/3/inbox');
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(screen.getByText('<b>x</b>')).toBeTruthy();
    expect(document.querySelector('main img, main b')).toBeNull();
  });
});

describe('message display', () => {
  it('plain text: links open in a new tab; Trash returns to the inbox', async () => {
    const router = renderAt('/alias/3/message/30');
    const text = await screen.findByTestId('message-text');
    const link = within(text).getByRole('link', { name: 'https://example.com/offer' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(screen.getByRole('button', { name: 'Trash' }));
    await waitFor(() => expect(pathOf(router)).toBe('/alias/3/inbox'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/account/2/alias/3/message/30')).toBe(true);
  });

  it('HTML goes into a sandboxed viewer frame without scripts (H3); remote images on request', async () => {
    messages[3] = [makeMessage(30, 3, { html: true, text: null })];
    renderAt('/alias/3/message/30');
    const frame = (await screen.findByTestId('message-frame')) as HTMLIFrameElement;
    const sandbox = frame.getAttribute('sandbox')!.split(/\s+/);
    expect(sandbox.sort()).toEqual(['allow-popups', 'allow-popups-to-escape-sandbox', 'allow-same-origin']);
    for (const bad of ['allow-scripts', 'allow-forms', 'allow-modals', 'allow-top-navigation']) {
      expect(sandbox).not.toContain(bad);
    }
    expect(frame.getAttribute('src')).toBe('/viewer/2/3/30');
    fireEvent.click(screen.getByRole('button', { name: 'Load remote images' }));
    await waitFor(() => expect(screen.getByTestId('message-frame').getAttribute('src')).toBe('/viewer/2/3/30?images=1'));
    expect(screen.queryByRole('button', { name: 'Load remote images' })).toBeNull();
  });

  it('docs/security.md H11: shows the real address and flags a name that looks like one', async () => {
    messages[3] = [makeMessage(30, 3, { sender_label: 'admin@legit.example', sender_address: 'any@attack.example' })];
    renderAt('/alias/3/message/30');
    const addr = await screen.findByTestId('sender-address');
    expect(addr.textContent).toContain('any@attack.example');
    expect(screen.getByRole('note').textContent).toContain('real sender: any@attack.example');
  });

  it('lists attachments with download links', async () => {
    messages[3] = [
      makeMessage(30, 3, {
        attachments: [
          { id: 8, filename: 'invoice "2025".pdf', content_type: 'application/pdf', size: 2048, cid: null, embedded: false },
        ],
      }),
    ];
    renderAt('/alias/3/message/30');
    const link = await screen.findByRole('link', { name: /invoice "2025"\.pdf/ });
    expect(link.getAttribute('href')).toBe('/api/account/2/alias/3/message/30/attachment/8');
    expect(link.textContent).toContain('2 KB');
  });

  it('opening a message from the inbox refreshes the sidebar counts', async () => {
    const router = renderAt('/alias/3/inbox');
    const sidebar = await screen.findByRole('complementary', { name: 'Your aliases' });
    await within(sidebar).findByText('Shopping');
    const before = calls.filter((c) => c.url === '/api/account/2/aliases').length;
    fireEvent.click(screen.getByRole('link', { name: /Subject 30/ }));
    await screen.findByTestId('message-text');
    expect(pathOf(router)).toBe('/alias/3/message/30');
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/account/2/aliases').length).toBeGreaterThan(before));
  });
});
