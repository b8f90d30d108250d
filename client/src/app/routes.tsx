import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { useAuth } from '../features/auth/AuthProvider';
import { AppShell } from './AppShell';

// Every screen is its own chunk so the first route stays small (DESIGN 6).
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const AcceptInvitationPage = lazy(() => import('../features/auth/AcceptInvitationPage'));
const LicensePage = lazy(() => import('../pages/LicensePage'));
const OverviewPage = lazy(() => import('../features/overview/OverviewPage'));
const DashboardPage = lazy(() => import('../pages/DashboardPage'));
const CampaignsPage = lazy(() => import('../pages/CampaignsPage'));
const AdminPage = lazy(() => import('../pages/AdminPage'));
const SystemAdminPage = lazy(() => import('../pages/SystemAdminPage'));

const page = (node: ReactNode) => <Suspense fallback={<FullScreenSpinner />}>{node}</Suspense>;

/** Protected screens: spinner while the session loads, then signed-in users only (spec 2). */
function RequireAuth() {
  const { user, loading } = useAuth();
  if (loading) return <FullScreenSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** /login for a signed-in user goes straight to the Overview. */
function PublicOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <FullScreenSpinner />;
  if (user) return <Navigate to="/overview" replace />;
  return <>{children}</>;
}

/** / and unknown paths: Overview when signed in, else login. */
function Home() {
  const { user, loading } = useAuth();
  if (loading) return <FullScreenSpinner />;
  return <Navigate to={user ? '/overview' : '/login'} replace />;
}

export function createRouter() {
  return createBrowserRouter([
    { path: '/login', element: <PublicOnly>{page(<LoginPage />)}</PublicOnly> },
    { path: '/reset-password', element: page(<ResetPasswordPage />) },
    { path: '/accept-invitation/:token', element: page(<AcceptInvitationPage />) },
    { path: '/license', element: page(<LicensePage />) },
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
