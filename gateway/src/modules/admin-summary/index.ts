import type { GatewayModule } from '../../shared/module';
import { AdminSummaryResolver } from './admin-summary.resolver';
import { mountAdminSummaryRoutes } from './admin-summary.routes';

export const adminSummaryModule: GatewayModule = {
  name: 'admin-summary',
  resolvers: [AdminSummaryResolver],
  routes: [mountAdminSummaryRoutes],
};
