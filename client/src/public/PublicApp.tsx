import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { sessionStore } from '../features/auth/session-store';
import { go, usePath } from './location';
import { publicSystem } from './public-system';

let login: { default: ComponentType } | undefined;
/** Loads /login's page; once loaded, it renders without suspending (a thenable that answers at once). */
export const preloadLogin = () => import('../features/auth/LoginPage').then((m) => (login = m));
const LoginPage = lazy(() => (login ? ({ then: (r: (m: object) => void) => r(login!) } as never) : preloadLogin()));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const AcceptInvitationPage = lazy(() => import('../features/auth/AcceptInvitationPage'));
const LicensePage = lazy(() => import('../features/legal/LicensePage'));
// Toasts (and their state machine) load after the page: nothing on a first paint needs them.
const Toaster = lazy(() => import('../components/ToasterView').then((m) => ({ default: m.Toaster })));

function Page({ path }: { path: string }) {
  const signedIn = !!sessionStore.get();
  // /login for a signed-in user goes straight to the Overview (spec 2).
  const toOverview = path.startsWith('/login') && signedIn;
  useEffect(() => {
    if (toOverview) go('/overview', { replace: true });
  }, [toOverview]);
  if (toOverview) return <FullScreenSpinner />;
  if (path.startsWith('/reset-password')) return <ResetPasswordPage />;
  if (path.startsWith('/accept-invitation/')) return <AcceptInvitationPage />;
  if (path.startsWith('/license')) return <LicensePage />;
  return <LoginPage />;
}

/** The public pages (login, reset, invitation, licence) with their own small Chakra system. */
export function PublicApp() {
  const path = usePath();
  return (
    <ChakraProvider value={publicSystem}>
      <main>
        <Suspense fallback={<FullScreenSpinner />}>
          <Page path={path} />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ChakraProvider>
  );
}
