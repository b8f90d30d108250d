import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { useAuth } from '../features/auth/AuthProvider';
import { AppShell } from './AppShell';

// Every screen is its own chunk so the first route stays small (DESIGN 6).
const OverviewPage = lazy(() => import('../features/overview/OverviewPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const CampaignsPage = lazy(() => import('../features/campaigns/CampaignsPage'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const SystemAdminPage = lazy(() => import('../features/system-admin/SystemAdminPage'));

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
