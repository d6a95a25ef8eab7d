/**
 * The one router of the portal: every app imports react-router from here (ESLint forbids
 * `react-router-dom` elsewhere). This module is shared as a singleton by Module Federation, so the
 * host and the remotes use one router context; and because it names what the apps use instead of
 * sharing `react-router-dom` whole, webpack leaves the rest of react-router out of the bundle.
 * Add an export here when an app needs another part of react-router.
 */
export {
  BrowserRouter,
  createBrowserRouter,
  createMemoryRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router-dom';
export type { RouteObject, UIMatch } from 'react-router-dom';
