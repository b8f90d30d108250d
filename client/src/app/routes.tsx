import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { useAuth } from '../features/auth/AuthProvider';
import { AppShell } from './AppShell';

type PageModule = { default: ComponentType };

/**
 * A screen in a chunk of its own. Once its module has loaded (`preloadPage`), it renders without
 * suspending: React.lazy takes a thenable that answers at once, so the first screen draws in one commit,
 * without a spinner first and the ~300 ms React waits before revealing a suspended boundary.
 */
function lazyPage(load: () => Promise<PageModule>) {
  let loaded: PageModule | undefined;
  const preload = () => load().then((m) => (loaded = m));
  const Page = lazy(() => {
    const m = loaded;
    if (!m) return preload();
    // React.lazy only calls `then`; one that answers synchronously marks the page resolved at once.
    return { then: (resolve: (value: PageModule) => void) => resolve(m) } as unknown as Promise<PageModule>;
  });
  return { Page, preload };
}

// Every screen is its own chunk so the first route stays small (docs/design.md#performance-targets).
const overview = lazyPage(() => import('../features/overview/OverviewPage'));
const dashboard = lazyPage(() => import('../features/dashboard/DashboardPage'));
const OverviewPage = overview.Page;
const DashboardPage = dashboard.Page;
const CampaignsPage = lazy(() => import('../features/campaigns/CampaignsPage'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const SystemAdminPage = lazy(() => import('../features/system-admin/SystemAdminPage'));

/** Loads the screen of a first visit to `path` (main.tsx waits for it before the first render). */
export function preloadPage(path: string): Promise<unknown> {
  if (path === '/dashboard') return dashboard.preload();
  if (path === '/overview' || path === '/') return overview.preload();
  return Promise.resolve();
}

const page = (node: ReactNode) => <Suspense fallback={<FullScreenSpinner />}>{node}</Suspense>;

/** The public pages are their own bundle (main.tsx): leaving for them is a full page load. */
function ToLogin() {
  useEffect(() => window.location.replace('/login'), []);
  return <FullScreenSpinner />;
}

/** Protected screens: spinner while the session loads, then signed-in users only (spec 2). */
function RequireAuth() {
  const { user, loading } = useAuth();
  if (loading) return <FullScreenSpinner />;
  if (!user) return <ToLogin />;
  return <Outlet />;
}

/** / and unknown paths: Overview when signed in, else login. */
function Home() {
  const { user, loading } = useAuth();
  if (loading) return <FullScreenSpinner />;
  return user ? <Navigate to="/overview" replace /> : <ToLogin />;
}

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RequireAuth />,
      children: [
        {
          element: <AppShell />,
          children: [
            { path: '/overview', element: page(<OverviewPage />) },
            { path: '/dashboard', element: page(<DashboardPage />) },
            { path: '/campaigns', element: page(<CampaignsPage />) },
            { path: '/admin', element: page(<AdminPage />) },
            { path: '/system-admin', element: page(<SystemAdminPage />) },
          ],
        },
      ],
    },
    { path: '*', element: <Home /> },
  ]);
}
