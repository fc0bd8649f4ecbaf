// The data side of routing: loads before showing, redirects, error boundaries, the navigation state, scrolling.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory, Link, Outlet, useNavigate } from 'react-router';
import { DataRoutes, NotFound, redirect, useNavigationBusy, useRevalidate, useRouteError, type AppRoute } from './data-router';

/** A promise whose settling the test decides. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Shell() {
  const busy = useNavigationBusy();
  const revalidate = useRevalidate();
  const navigate = useNavigate();
  return (
    <div>
      <p>{busy ? 'loading' : 'idle'}</p>
      <Link to="/a">to a</Link>
      <Link to="/b">to b</Link>
      <Link to="/broken">to broken</Link>
      <button type="button" onClick={revalidate}>
        again
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        back
      </button>
      <Outlet />
    </div>
  );
}

function Failure() {
  const error = useRouteError();
  return <p>failed: {error instanceof NotFound ? 'not found' : String(error)}</p>;
}

function Thrower(): never {
  throw new Error('drawing failed');
}

function renderAt(path: string, routes: AppRoute[]) {
  const history = createMemoryHistory({ initialEntries: [path] });
  render(<DataRoutes routes={routes} history={history} />);
  return history;
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('DataRoutes', () => {
  it('draws the fallback until the first location has loaded', async () => {
    const gate = deferred();
    renderAt('/a', [
      {
        path: '/',
        Component: Shell,
        HydrateFallback: () => <p>starting</p>,
        loader: () => gate.promise,
        children: [{ path: 'a', Component: () => <h1>A</h1> }],
      },
    ]);
    expect(screen.getByText('starting')).toBeTruthy();
    await act(async () => gate.resolve());
    expect(await screen.findByRole('heading', { name: 'A' })).toBeTruthy();
  });

  it('keeps the screen on display, marked as loading, until the next one has its data and module', async () => {
    const data = deferred();
    const module = deferred();
    const B = () => <h1>B</h1>;
    renderAt('/a', [
      {
        path: '/',
        Component: Shell,
        children: [
          { path: 'a', Component: () => <h1>A</h1> },
          { path: 'b', loader: () => data.promise, lazy: () => module.promise.then(() => ({ Component: B })) },
        ],
      },
    ]);
    await screen.findByRole('heading', { name: 'A' });
    fireEvent.click(screen.getByText('to b'));
    await act(async () => data.resolve());
    expect(screen.getByRole('heading', { name: 'A' })).toBeTruthy();
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => module.resolve());
    expect(await screen.findByRole('heading', { name: 'B' })).toBeTruthy();
    expect(screen.getByText('idle')).toBeTruthy();
  });

  it('follows a redirect a loader throws or returns', async () => {
    const history = renderAt('/old', [
      {
        path: '/',
        Component: Shell,
        children: [
          { path: 'old', loader: () => redirect('/older') },
          {
            path: 'older',
            loader: () => {
              throw redirect('/a');
            },
          },
          { path: 'a', Component: () => <h1>A</h1> },
        ],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'A' })).toBeTruthy();
    expect(history.location.pathname).toBe('/a');
  });

  it('prefers a redirect to the failure of another route of the same location', async () => {
    renderAt('/guarded/inner', [
      {
        path: '/',
        Component: Shell,
        ErrorBoundary: Failure,
        children: [
          {
            path: 'guarded',
            loader: () => {
              throw new NotFound();
            },
            children: [{ path: 'inner', loader: () => redirect('/a') }],
          },
          { path: 'a', Component: () => <h1>A</h1> },
        ],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'A' })).toBeTruthy();
  });

  it('shows a failed loader through the nearest error boundary, inside the routes above it', async () => {
    renderAt('/a/missing', [
      {
        path: '/',
        Component: Shell,
        ErrorBoundary: () => <p>the frame failed</p>,
        children: [
          {
            ErrorBoundary: Failure,
            children: [
              {
                path: 'a/:id',
                loader: () => {
                  throw new NotFound();
                },
                Component: () => <h1>never</h1>,
              },
            ],
          },
        ],
      },
    ]);
    expect(await screen.findByText('failed: not found')).toBeTruthy();
    expect(screen.getByText('to a')).toBeTruthy();
    expect(screen.queryByText('the frame failed')).toBeNull();
  });

  it('shows a screen that fails to draw through its error boundary, and clears it on the next location', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/broken', [
      {
        path: '/',
        Component: Shell,
        children: [
          {
            ErrorBoundary: Failure,
            children: [
              { path: 'broken', Component: Thrower },
              { path: 'a', Component: () => <h1>A</h1> },
            ],
          },
        ],
      },
    ]);
    expect(await screen.findByText('failed: Error: drawing failed')).toBeTruthy();
    fireEvent.click(screen.getByText('to a'));
    expect(await screen.findByRole('heading', { name: 'A' })).toBeTruthy();
    expect(screen.queryByText(/failed:/)).toBeNull();
  });

  it('runs a loader marked revalidate: false for the first location only; revalidating runs the others again', async () => {
    const root = vi.fn(() => null);
    const a = vi.fn(() => null);
    renderAt('/a', [
      {
        path: '/',
        Component: Shell,
        revalidate: false,
        loader: root,
        children: [
          { path: 'a', loader: a, Component: () => <h1>A</h1> },
          { path: 'b', Component: () => <h1>B</h1> },
        ],
      },
    ]);
    await screen.findByRole('heading', { name: 'A' });
    fireEvent.click(screen.getByText('again'));
    await vi.waitFor(() => expect(a).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByText('to b'));
    await screen.findByRole('heading', { name: 'B' });
    expect(root).toHaveBeenCalledTimes(1);
  });

  it('reloads the location being navigated to, not the one being left, when asked during a navigation', async () => {
    let signedIn = true;
    const gate = deferred();
    const b = vi.fn(() => gate.promise);
    const history = renderAt('/a', [
      {
        path: '/',
        Component: Shell,
        children: [
          { path: 'a', loader: () => (signedIn ? null : redirect('/login')), Component: () => <h1>A</h1> },
          { path: 'b', loader: b, Component: () => <h1>B</h1> },
          { path: 'login', Component: () => <h1>Login</h1> },
        ],
      },
    ]);
    await screen.findByRole('heading', { name: 'A' });
    fireEvent.click(screen.getByText('to b'));
    signedIn = false; // the session ends while /b loads: A's guard would now send the visitor away
    fireEvent.click(screen.getByText('again'));
    await act(async () => gate.resolve());
    expect(await screen.findByRole('heading', { name: 'B' })).toBeTruthy();
    expect(history.location.pathname).toBe('/b');
    expect(b).toHaveBeenCalledTimes(2);
  });

  it('puts a new screen at the top and a screen returned to by the back button where it was left', async () => {
    renderAt('/a', [
      {
        path: '/',
        Component: Shell,
        children: [
          { path: 'a', Component: () => <h1>A</h1> },
          { path: 'b', Component: () => <h1>B</h1> },
        ],
      },
    ]);
    await screen.findByRole('heading', { name: 'A' });
    vi.stubGlobal('scrollY', 640);
    fireEvent.click(screen.getByText('to b'));
    await screen.findByRole('heading', { name: 'B' });
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    vi.stubGlobal('scrollY', 0);
    fireEvent.click(screen.getByText('back'));
    await screen.findByRole('heading', { name: 'A' });
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
