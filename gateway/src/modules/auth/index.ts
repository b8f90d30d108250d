import type { GatewayModule } from '../../shared/module';
import { OneTimeToken } from './one-time-token.entity';
import { RefreshToken } from './refresh-token.entity';
import { AuthResolver } from './auth.resolver';
import { mountAuthRoutes } from './auth.routes';
import { startTokenPurge } from './token-purge';

/** Sign-in, sessions, password reset and invitations. */
export const authModule: GatewayModule = {
  name: 'auth',
  entities: [RefreshToken, OneTimeToken],
  resolvers: [AuthResolver],
  routes: [mountAuthRoutes],
  tasks: [startTokenPurge],
};
