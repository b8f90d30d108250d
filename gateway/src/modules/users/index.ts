import type { GatewayModule } from '../../shared/module';
import { User } from './user.entity';
import { UserResolver } from './user.resolver';
import { mountUserRoutes } from './user.routes';

/** Users, invitations and directly created users. */
export const usersModule: GatewayModule = {
  name: 'users',
  entities: [User],
  resolvers: [UserResolver],
  routes: [mountUserRoutes],
};
