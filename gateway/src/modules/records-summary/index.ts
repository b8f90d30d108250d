import type { GatewayModule } from '../../shared/module';
import { RecordSummaryResolver } from './records-summary.resolver';
import { mountRecordSummaryRoutes } from './records-summary.routes';

export const recordsSummaryModule: GatewayModule = {
  name: 'records-summary',
  resolvers: [RecordSummaryResolver],
  routes: [mountRecordSummaryRoutes],
};
