/** The signed-in user and tokens, kept in localStorage so a reload restores the session (spec 4). */
export interface SessionUser {
  email: string;
  name: string;
  role: string;
  entity_id: number;
  entity_type: string;
  country_code?: string | null;
  country_list: string[];
}

export interface Session {
  user: SessionUser;
  accessToken: string;
  refreshToken: string;
}

export const SESSION_KEY = 'infinitum.session';
type Listener = () => void;
const listeners = new Set<Listener>();
let cached: Session | null | undefined;

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Session;
    return parsed?.user && parsed.accessToken ? parsed : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

export const sessionStore = {
  get(): Session | null {
    if (cached === undefined) cached = read();
    return cached;
  },
  set(session: Session) {
    cached = session;
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    emit();
  },
  /** Swaps tokens after a refresh without touching the user. */
  updateTokens(accessToken: string, refreshToken: string) {
    const current = sessionStore.get();
    if (current) sessionStore.set({ ...current, accessToken, refreshToken });
  },
  clear() {
    cached = null;
    localStorage.removeItem(SESSION_KEY);
    emit();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Forget the in-memory copy (tests, other tabs). */
  reload() {
    cached = undefined;
    emit();
  },
};
