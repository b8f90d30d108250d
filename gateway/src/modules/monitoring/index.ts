import type { GatewayModule } from '../../shared/module';
import { MonitoringResolver } from './monitoring.resolver';
import { mountMonitoringRoutes } from './monitoring.routes';

export const monitoringModule: GatewayModule = {
  name: 'monitoring',
  resolvers: [MonitoringResolver],
  routes: [mountMonitoringRoutes],
};
