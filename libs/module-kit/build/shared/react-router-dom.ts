/**
 * What the shell shares as `react-router-dom` (see sharedDependencies in ../federation.ts).
 *
 * A shared package is never tree-shaken: sharing react-router-dom itself ships all of React
 * Router 7 (data routers, server rendering, ≈60 kB gzip) to every user. This module is shared
 * under that name instead and re-exports only the routing API the apps use, so the shared chunk
 * holds that and the one router context every app must see. An app that imports a name missing
 * here fails to build (exportsPresence: 'error'); add the name here.
 */
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Link,
  NavLink,
  Outlet,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  useMatch,
  useHref,
  useInRouterContext,
  useResolvedPath,
  useOutletContext,
  useNavigationType,
  matchPath,
  generatePath,
  createSearchParams,
} from 'react-router';
