import { sessionStore } from '../features/auth/session-store';
import { call, RequestError } from './request';

/** The cookie form (refresh-cookie.ts): the refresh token comes as an HttpOnly cookie, not in the answer. */
interface LoginAnswer {
  access_token: string;
  role: string;
  entity_id: number;
  entity_type: string;
  country_code?: string | null;
  name: string;
  email: string;
  country_list?: string[] | null;
}

export type LoginOutcome = { ok: true } | { ok: false; message: string };

/** Login (spec 4, 8): keeps the session on success; a rejection says so, anything else is unexpected. */
export async function signIn(email: string, password: string): Promise<LoginOutcome> {
  try {
    const { access_token, ...user } = await call<LoginAnswer>(
      'POST',
      '/login',
      { email, password },
      { 'x-infinitum-session': 'cookie' },
    );
    sessionStore.set({ ...user, country_list: user.country_list ?? [] }, access_token);
    return { ok: true };
  } catch (error) {
    if (error instanceof RequestError) {
      const rejected = error.status === 401 || error.status === 403;
      return { ok: false, message: rejected ? 'Login failed. Please check your credentials.' : error.message };
    }
    return { ok: false, message: 'An unexpected error occurred.' };
  }
}
