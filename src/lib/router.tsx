import {
  createContext,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The app's router: three fixed paths need history, links and redirects, not a routing framework
 * (React Router cost 13 KB gzip of the first load's 90 KB budget for just this).
 */
export interface NavigateOptions {
  replace?: boolean;
}

interface Router {
  path: string;
  navigate: (to: string, options?: NavigateOptions) => void;
}

const RouterContext = createContext<Router | null>(null);

export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] || '/';
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
}

const listeners = new Set<() => void>();

function subscribeToHistory(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const currentPath = () => normalizePath(window.location.pathname);

function navigateHistory(to: string, { replace = false }: NavigateOptions = {}) {
  if (replace) window.history.replaceState(null, '', to);
  else {
    window.history.pushState(null, '', to);
    window.scrollTo(0, 0);
  }
  listeners.forEach((listener) => listener());
}

/** Follows the address bar (history API). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const path = useSyncExternalStore(subscribeToHistory, currentPath, currentPath);
  const router = useMemo(() => ({ path, navigate: navigateHistory }), [path]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** A fixed location, for prerendering. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const router = useMemo(() => ({ path: normalizePath(location), navigate: () => undefined }), [location]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** History kept in memory, for tests. */
export function MemoryRouter({ initialPath, children }: { initialPath: string; children: ReactNode }) {
  const [path, setPath] = useState(() => normalizePath(initialPath));
  const router = useMemo(() => ({ path, navigate: (to: string) => setPath(normalizePath(to)) }), [path]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('this component needs a router above it');
  return router;
}

export const usePath = () => useRouter().path;
export const useNavigate = () => useRouter().navigate;

/** Renders the element of the current path, or the fallback. */
export function RouteSwitch({ routes, fallback }: { routes: Record<string, ReactNode>; fallback: ReactNode }) {
  const path = usePath();
  return Object.hasOwn(routes, path) ? routes[path] : fallback;
}

/** Replaces the current entry with `to` as soon as it renders (no history entry is left behind). */
export function Navigate({ to }: { to: string }) {
  const navigate = useNavigate();
  useLayoutEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An ordinary link that navigates in place on a plain click (new-tab clicks stay the browser's). */
export function Link({ to, onClick, children, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified || anchor.target) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a {...anchor} href={to} onClick={handleClick}>
      {children}
    </a>
  );
}
