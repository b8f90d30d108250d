import { createElement, startTransition, StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionStore } from './features/auth/session-store';
import { isPublicPath } from './public/location';

/**
 * Two front doors: the public pages load only their own small bundle; the signed-in app (router,
 * Apollo, the full Chakra theme, the shell) loads only for a signed-in visitor. '/' and unknown paths
 * without a session are the login page (spec 2).
 */
const path = window.location.pathname;
const signedIn = !!sessionStore.get();
if (!isPublicPath(path) && !signedIn) window.history.replaceState(null, '', '/login');
const publicArea = isPublicPath(window.location.pathname);

// Each area's import() in a statement of its own: written as one conditional expression, Vite's preload
// wrapper listed the signed-in app's chunks for both, and /login also downloaded that app's 130 KB.
let load: Promise<ComponentType>;
if (publicArea) {
  // /login's HTML draws the page (public/login-shell.ts): its first commit replaces that with LoginPage itself,
  // not with a spinner while the page's chunk loads.
  const shell = document.querySelector('[data-page-shell]');
  load = import('./public/PublicApp').then(async (m) => (shell && (await m.preloadLogin()), m.PublicApp));
} else {
  // The app and its Chakra system in two imports, so their modules are evaluated in two tasks, each shorter
  // than the one they made together (a phone's main thread answers in between).
  const theme = import('./app/theme');
  load = import('./app/App').then(async ({ App, preloadPage, loadGlobalStylesheet }) => {
    // The first screen's module too: rendered with the app in one commit, not after a spinner. Should it
    // fail to load, its route shows the failure as before.
    const [{ createAppSystem }, globalCss] = await Promise.all([
      theme,
      loadGlobalStylesheet(),
      preloadPage(window.location.pathname).catch(() => undefined),
    ]);
    // The system is built in a task of its own, after the modules' evaluation (theme.ts); its global CSS is
    // the build's stylesheet when that loaded (app/global-stylesheet.ts).
    const system = await new Promise<ReturnType<typeof createAppSystem>>((built) =>
      setTimeout(() => built(createAppSystem(!!globalCss))),
    );
    return function SignedInApp() {
      return <App system={system} globalCss={globalCss} />;
    };
  });
  // The first screen's chunk downloads with the app, not after the app has rendered its router (one round
  // trip less before the first paint on a slow phone). routes.tsx imports the same modules.
  void preloadRoute(window.location.pathname);
  // A reload leaves no access token (it lives in memory): the refresh cookie's answer is on its way while the
  // app's chunks download, and the first calls join it instead of waiting for it then.
  if (!sessionStore.get()?.accessToken) void import('./app/access-token').then((m) => m.refreshAccessToken());
}

function preloadRoute(route: string) {
  // A failed download shows where the route imports it again (its Suspense); nothing to report here.
  const none = () => undefined;
  if (route === '/dashboard') return import('./features/dashboard/DashboardPage').catch(none);
  if (route === '/overview' || route === '/') return import('./features/overview/OverviewPage').catch(none);
}

// The signed-in app's first render in a transition: React renders in slices of a few milliseconds and
// yields in between, instead of one long task of the whole first screen (blocking time on a phone; nothing
// is on the screen yet that the transition could keep). The public pages are small and render at once: in a
// transition their first paint came ~300 ms later (React held the commit while the page's chunk loaded).
void load.then((Root) => {
  const root = createRoot(document.getElementById('root')!);
  const render = () => root.render(<StrictMode>{createElement(Root)}</StrictMode>);
  if (publicArea) render();
  else startTransition(render);
});
