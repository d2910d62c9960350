import { AppRoutes } from './router';

/** The same tree for prerendering and for the browser, so hydration (and useId) match exactly. */
export function App() {
  return <AppRoutes />;
}
