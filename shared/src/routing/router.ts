/**
 * The one router of the portal: every app imports react-router from here (ESLint forbids
 * `react-router-dom` elsewhere). This module is shared as a singleton by Module Federation, so the
 * host and the remotes use one router context; and because it names what the apps use instead of
 * sharing `react-router-dom` whole, webpack leaves the rest of react-router out of the bundle.
 *
 * The portal routes in declarative mode (`BrowserRouter` + `useRoutes`): it loads no data in its
 * routes, and the data router (`createBrowserRouter`, loaders, actions, fetchers) would put another
 * 16 KB gzip on the start-up path of every page. Keep it that way unless a feature needs data routing.
 * Add an export here when an app needs another part of react-router: every export is in the bundle.
 */
export {
  BrowserRouter,
  Link,
  matchRoutes,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
export type { Location, NavigateFunction, RouteObject } from 'react-router-dom';
