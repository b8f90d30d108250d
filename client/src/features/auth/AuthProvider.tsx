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
import { describeError } from '../../app/api-errors';
import { LoginDocument } from '../../gql/graphql';
import { SESSION_KEY, sessionStore, type SessionUser } from './session-store';

export type LoginOutcome = { ok: true } | { ok: false; message: string };

interface AuthState {
  user: SessionUser | null;
  /** True until the stored session has been read at start (spec 4). */
  loading: boolean;
  login(email: string, password: string): Promise<LoginOutcome>;
  logout(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    // Restore: the stored user plus an access token make a session; anything less ends unauthenticated.
    sessionStore.reload();
    setLoading(false);
    // Signing in or out in another tab changes this one too.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === SESSION_KEY) sessionStore.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback(
    async (email: string, password: string): Promise<LoginOutcome> => {
      try {
        const { data, error } = await client.mutate({
          mutation: LoginDocument,
          variables: { email, password },
          context: { silent: true },
          errorPolicy: 'all',
        });
        const r = data?.login;
        if (error || !r) {
          const { code, status, message } = describeError(error);
          const rejected = code === 'UNAUTHENTICATED' || code === 'FORBIDDEN' || status === 401 || !error;
          return { ok: false, message: rejected ? 'Login failed. Please check your credentials.' : message };
        }
        const { access_token, refresh_token, ...user } = r;
        sessionStore.set({
          user: { ...user, country_list: user.country_list ?? [] },
          accessToken: access_token,
          refreshToken: refresh_token,
        });
        return { ok: true };
      } catch {
        return { ok: false, message: 'An unexpected error occurred.' };
      }
    },
    [client],
  );

  const logout = useCallback(() => {
    sessionStore.clear();
    void client.clearStore();
  }, [client]);

  const value = useMemo<AuthState>(
    () => ({ user: session?.user ?? null, loading, login, logout }),
    [session, loading, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
