// The data side of routing (docs/architecture.md §7): react-router's declarative API matches the routes and
// draws the screens, links and params; this runs the guard, loader and lazy module of every route of a
// location before the location shows, so a navigation never flashes an empty screen. react-router's data
// router does the same with features this app has no use for (actions, fetchers, blockers, middleware),
// at about 16 KB more of the first load, gzipped.
import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import {
  matchRoutes,
  Outlet,
  parsePath,
  Router,
  useNavigate as useHistoryNavigate,
  useRoutes,
  type Location,
  type NavigateOptions,
  type NavigationType,
  type Params,
  type RouteObject,
  type To,
  type UNSAFE_createBrowserHistory as createBrowserHistory,
} from 'react-router';

export type LoaderArgs = { params: Params; request: Request };
export type LazyModule = { Component: ComponentType; ErrorBoundary?: ComponentType };

export type AppRoute = {
  id?: string;
  path?: string;
  index?: boolean;
  Component?: ComponentType;
  /** Drawn in place of the route when its loader, module or rendering fails (useRouteError). */
  ErrorBoundary?: ComponentType;
  /** Drawn while the first location loads. */
  HydrateFallback?: ComponentType;
  loader?: (args: LoaderArgs) => unknown;
  lazy?: () => Promise<LazyModule>;
  /** false: the loader runs for the first location only. */
  revalidate?: boolean;
  children?: AppRoute[];
};

/** What a loader returns or throws to send the visitor elsewhere. */
export class Redirect {
  constructor(readonly to: string) {}
}
export const redirect = (to: string) => new Redirect(to);

/** What a loader throws for a page that does not exist. */
export class NotFound extends Error {}

type Match = { route: AppRoute; params: Params };
type Loaded = { matches: Match[]; error?: { index: number; value: unknown } };
type View = Loaded & { location: Location; action: Exclude<Action, 'RELOAD'> };

const modules = new WeakMap<AppRoute, LazyModule>();
const boundaryOf = (route: AppRoute) => route.ErrorBoundary ?? modules.get(route)?.ErrorBoundary;

/** Runs the loaders and lazy modules of a location's routes, in parallel. */
async function load(
  routes: AppRoute[],
  location: Pick<Location, 'pathname' | 'search'>,
  previous: View | null,
): Promise<Loaded | Redirect> {
  const matches: Match[] = (matchRoutes(routes as RouteObject[], location) ?? []).map((m) => ({
    route: m.route as AppRoute,
    params: m.params,
  }));
  const request = new Request(new URL(location.pathname + location.search, window.location.origin));
  const results = await Promise.allSettled(
    matches.map(async ({ route, params }) => {
      const skip = route.revalidate === false && previous?.matches.some((m) => m.route === route);
      const [data] = await Promise.all([
        skip ? null : route.loader?.({ params, request }),
        route.lazy && !modules.has(route) ? route.lazy().then((mod) => void modules.set(route, mod)) : null,
      ]);
      if (data instanceof Redirect) throw data;
    }),
  );
  const reasons = results.map((r) => (r.status === 'rejected' ? (r.reason as unknown) : undefined));
  // A redirect wins over a failure: a guard's redirect to the sign-in over the 404 of a screen it guards.
  const redirected = reasons.find((r) => r instanceof Redirect);
  if (redirected) return redirected;
  const failed = results.findIndex((r) => r.status === 'rejected');
  if (failed === -1) return { matches };
  const value = reasons[failed];
  let index = failed;
  while (index > 0 && !boundaryOf(matches[index]!.route)) index--;
  return { matches, error: { index, value } };
}

const ErrorContext = createContext<unknown>(undefined);
const NavigationContext = createContext({ busy: false, revalidate: () => {}, settled: () => Promise.resolve() });

/** The error an ErrorBoundary is drawn for. */
export const useRouteError = () => useContext(ErrorContext);
/** Whether a navigation is loading (the progress bar). */
export const useNavigationBusy = () => useContext(NavigationContext).busy;
/** Runs the loaders of the location on display again (the guards, after the session ended). */
export const useRevalidate = () => useContext(NavigationContext).revalidate;

/** react-router's navigate, whose promise resolves once the new location shows. */
export function useNavigate() {
  const navigate = useHistoryNavigate();
  const { settled } = useContext(NavigationContext);
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      void navigate(to, options);
      return settled();
    },
    [navigate, settled],
  );
}

let outsideNavigate: (to: string) => void = () => {};
/** Navigation from outside the screens (the API client's redirects). */
export const navigateTo = (to: string) => outsideNavigate(to);

/** Catches what a route throws while drawing; cleared when the location changes. */
class RenderBoundary extends Component<
  { fallback: ComponentType; location: Location; children: ReactNode },
  { error?: unknown; location: Location }
> {
  override state: { error?: unknown; location: Location } = { location: this.props.location };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { location: Location }, state: { error?: unknown; location: Location }) {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }
  override render() {
    const Fallback = this.props.fallback;
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <ErrorContext value={this.state.error}>
        <Fallback />
      </ErrorContext>
    );
  }
}

/** The route tree for react-router to draw, each route with its element for this view. */
function elements(routes: AppRoute[], view: View): RouteObject[] {
  const failed = view.error ? view.matches[view.error.index]!.route : null;
  const convert = (route: AppRoute): RouteObject => {
    const Screen = route.Component ?? modules.get(route)?.Component;
    const Fallback = boundaryOf(route);
    let element: ReactNode = Screen ? <Screen /> : <Outlet />;
    if (route === failed && Fallback) {
      element = (
        <ErrorContext value={view.error!.value}>
          <Fallback />
        </ErrorContext>
      );
    } else if (Fallback) {
      element = (
        <RenderBoundary fallback={Fallback} location={view.location}>
          {element}
        </RenderBoundary>
      );
    }
    return { path: route.path, index: route.index, element, children: route.children?.map(convert) } as RouteObject;
  };
  return routes.map(convert);
}

function Screens({ routes, view }: { routes: AppRoute[]; view: View }) {
  const tree = useMemo(() => elements(routes, view), [routes, view]);
  return useRoutes(tree);
}

const SCROLL_KEY = 'scroll-positions';

/**
 * Puts a new screen at the top, or back where it was left for the back and forward buttons and a
 * reload (sessionStorage), or at the element its #hash names.
 */
function useScrollRestoration(view: View | null, positions: Map<string, number>) {
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => sessionStorage.setItem(SCROLL_KEY, JSON.stringify([...positions]));
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [positions]);

  // Only a new location moves the page, not a reload of its data.
  useLayoutEffect(() => {
    if (!view) return;
    const saved = view.action === 'POP' ? positions.get(view.location.key) : undefined;
    const target = view.location.hash && document.getElementById(decodeURIComponent(view.location.hash.slice(1)));
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [view?.location.key]);
}

type History = ReturnType<typeof createBrowserHistory>;
/** How a location is reached: the history's actions, and RELOAD for the location on display. */
type Action = 'POP' | 'PUSH' | 'REPLACE' | 'RELOAD';

/**
 * Loads each location asked for, then writes it to the history and shows it: until then the
 * address bar and the screen stay where they were (as with react-router's data router).
 */
export function DataRoutes({ routes, history }: { routes: AppRoute[]; history: History }) {
  const [view, setView] = useState<View | null>(null);
  const [busy, setBusy] = useState(true);
  const [positions] = useState(() => new Map<string, number>(JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '[]')));
  const shown = useRef<View | null>(null);
  const latest = useRef(0);
  const waiting = useRef<Array<() => void>>([]);
  // The navigation being loaded, if any: a reload asked for meanwhile loads it again instead.
  const pending = useRef<{ to: To; action: Action; state?: unknown } | null>(null);

  const go = useCallback(
    (to: To, action: Action, state?: unknown) => {
      const token = ++latest.current;
      const path = typeof to === 'string' ? parsePath(to) : to;
      if (action !== 'RELOAD') {
        pending.current = { to, action, state };
        setBusy(true);
      }
      void load(routes, { pathname: path.pathname ?? '/', search: path.search ?? '' }, shown.current).then((next) => {
        if (token !== latest.current) return;
        if (next instanceof Redirect) return go(next.to, action === 'PUSH' ? 'PUSH' : 'REPLACE');
        pending.current = null;
        if (action === 'PUSH') history.push(to, state);
        if (action === 'REPLACE') history.replace(to, state);
        const left = shown.current;
        if (left && action !== 'RELOAD') positions.set(left.location.key, window.scrollY);
        shown.current = { ...next, location: history.location, action: action === 'RELOAD' ? (left?.action ?? 'POP') : action };
        setView(shown.current);
        setBusy(false);
        for (const resolve of waiting.current.splice(0)) resolve();
      });
    },
    [routes, history, positions],
  );

  useEffect(() => {
    go(history.location, 'POP');
    outsideNavigate = (to) => go(to, 'PUSH');
    // The back and forward buttons: the address bar has moved already.
    return history.listen(({ location }) => go(location, 'POP'));
  }, [history, go]);

  useScrollRestoration(view, positions);

  const navigator = useMemo(
    () => ({
      createHref: history.createHref,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push: (to: To, state?: unknown) => go(to, 'PUSH', state),
      replace: (to: To, state?: unknown) => go(to, 'REPLACE', state),
    }),
    [history, go],
  );
  // As with react-router's data router, a reload during a navigation reloads where it is going: the
  // session ending while leaving a screen must not bring the visitor back to that screen's guard.
  const revalidate = useCallback(() => {
    const next = pending.current;
    if (next) go(next.to, next.action, next.state);
    else go(history.location, 'RELOAD');
  }, [history, go]);
  const settled = useCallback(() => new Promise<void>((resolve) => waiting.current.push(resolve)), []);
  const navigation = useMemo(() => ({ busy, revalidate, settled }), [busy, revalidate, settled]);

  const Fallback = routes[0]?.HydrateFallback;
  return (
    <NavigationContext value={navigation}>
      {view ? (
        <Router location={view.location} navigationType={view.action as NavigationType} navigator={navigator}>
          <Screens routes={routes} view={view} />
        </Router>
      ) : Fallback ? (
        <Fallback />
      ) : null}
    </NavigationContext>
  );
}
