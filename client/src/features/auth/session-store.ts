/**
 * The signed-in user, kept in localStorage so a reload restores the session (spec 4), and the access token,
 * kept in memory only. The refresh token is never in reach of script: the gateway keeps it in an HttpOnly
 * cookie (docs/security.md#refresh-token-cookie), and a reload gets a new access token from it.
 */
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
  /** In memory only: absent after a reload until the refresh cookie has given a new one. */
  accessToken?: string;
}

export const SESSION_KEY = 'infinitum.session';
type Listener = () => void;
const listeners = new Set<Listener>();
let cached: Session | null | undefined;
let accessToken: string | undefined;

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { user?: SessionUser; accessToken?: unknown; refreshToken?: unknown };
    if (!parsed?.user) return null;
    // A session stored by an earlier client held its tokens too: they leave storage now, the access token (15
    // minutes) kept in memory, so the upgrade signs nobody out before it expires.
    if ('accessToken' in parsed || 'refreshToken' in parsed) {
      if (typeof parsed.accessToken === 'string') accessToken = parsed.accessToken;
      localStorage.setItem(SESSION_KEY, JSON.stringify({ user: parsed.user }));
    }
    return { user: parsed.user, accessToken };
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
  /** Signed in: the user for this tab and the others, the token for this tab only. */
  set(user: SessionUser, token: string) {
    accessToken = token;
    cached = { user, accessToken };
    localStorage.setItem(SESSION_KEY, JSON.stringify({ user }));
    emit();
  },
  /**
   * Swaps the access token after a refresh without touching the user. Nothing on the screen shows the token, so
   * no listener hears of it: a refresh answered while the app renders must not draw the whole app again.
   */
  updateToken(token: string) {
    accessToken = token;
    const current = sessionStore.get();
    if (current) current.accessToken = token;
  },
  clear() {
    cached = null;
    accessToken = undefined;
    localStorage.removeItem(SESSION_KEY);
    emit();
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Forget the in-memory copy of the user (tests, other tabs); a signed-out tab forgets its token too. */
  reload() {
    const before = cached?.user.email;
    cached = undefined;
    // Signed out, or signed in as someone else, in another tab: this tab's token is not that person's.
    const now = sessionStore.get();
    if (now?.user.email !== before) {
      accessToken = undefined;
      if (now) cached = { user: now.user };
    }
    emit();
  },
};
