import type { GatewayModule } from '../../shared/module';
import { dashboardResolvers } from './dashboard.resolver';
import { OverviewResolver } from './overview/overview.resolver';
import { mountAnalyticsRoutes } from './analytics.routes';
import { startSummaryKeeper } from './summaries/keeper';

/** The Campaign Overview and the dashboard's calls. */
export const analyticsModule: GatewayModule = {
  name: 'analytics',
  resolvers: [OverviewResolver, ...dashboardResolvers],
  routes: [mountAnalyticsRoutes],
  tasks: [startSummaryKeeper],
};
