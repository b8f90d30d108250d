import type { GatewayModule } from '../../shared/module';
import { SystemInfoResolver } from './system-info.resolver';
import { mountSystemInfoRoutes } from './system-info.routes';

export const systemInfoModule: GatewayModule = {
  name: 'system-info',
  resolvers: [SystemInfoResolver],
  routes: [mountSystemInfoRoutes],
};
