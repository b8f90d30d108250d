import { useApolloClient } from '@apollo/client/react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { COOKIE_SESSION_HEADERS } from './auth-fetch';
import { SESSION_KEY, sessionStore, type SessionUser } from './session-store';

interface AuthState {
  user: SessionUser | null;
  /** True until the stored session has been read at start (spec 4). */
  loading: boolean;
  logout(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  // Restore: the stored user plus an access token make a session; anything less ends unauthenticated. Read
  // before the first render (localStorage answers at once), so a signed-in visit draws its screen in the
  // first commit instead of a spinner first.
  const [loading] = useState(() => {
    sessionStore.reload();
    return false;
  });
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);

  useEffect(() => {
    // Signing in or out in another tab changes this one too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === SESSION_KEY) sessionStore.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const logout = useCallback(() => {
    // The server ends the session (refresh token and its access tokens); signing out here does not wait
    // for it, so Sign out works offline too.
    // The cookie form: the gateway ends the cookie's session and clears the cookie; the access token names it too.
    const token = sessionStore.get()?.accessToken;
    void fetch('/api/logout', {
      method: 'POST',
      headers: { ...COOKIE_SESSION_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: '{}',
      credentials: 'same-origin',
    }).catch(() => undefined);
    sessionStore.clear();
    void client.clearStore();
  }, [client]);

  const value = useMemo<AuthState>(
    () => ({ user: session?.user ?? null, loading, logout }),
    [session, loading, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
